import type { ScanCandidate } from '../../lib/scan-candidate.ts';
import type { PageScan } from './page/page-scan.ts';

/**
 * What the scanner shows (spec section 4): the camera starts, then looks for a card, stabilises on
 * one, is ready to capture, processes the photo, and stays frozen on the result until reset.
 */
export type ScannerPhase = 'starting' | 'looking' | 'stabilizing' | 'ready' | 'processing' | 'frozen';

export interface ScannerState {
  cameraOn: boolean;
  /** The engine's "card detected" after hysteresis. */
  detected: boolean;
  /** Consecutive accepted frames, for the stabilising state. */
  hits: number;
  processing: boolean;
  /** Candidates of the last capture; null until a capture succeeded. */
  result: ScanCandidate[] | null;
  /** The last photo of a page (page mode) and the cards found on it; null until one is answered. */
  page: PageScan | null;
}

export type ScannerEvent =
  | { type: 'camera-started' }
  | { type: 'camera-stopped' }
  | { type: 'frame'; detected: boolean; hits: number }
  | { type: 'capture-started'; page?: boolean }
  | { type: 'capture-succeeded'; candidates: ScanCandidate[] }
  | { type: 'page-succeeded'; page: PageScan }
  | { type: 'capture-failed' }
  | { type: 'reset' };

export const initialScannerState: ScannerState = { cameraOn: false, detected: false, hits: 0, processing: false, result: null, page: null };

const cleared = { detected: false, hits: 0, processing: false, result: null, page: null };

/** A result of either kind is on screen: the camera stays frozen and frames are left alone. */
export function showsResult(state: ScannerState): boolean {
  return state.result !== null || state.page !== null;
}

export function scannerReducer(state: ScannerState, event: ScannerEvent): ScannerState {
  switch (event.type) {
    case 'camera-started':
      return { ...state, ...cleared, cameraOn: true };
    case 'camera-stopped':
      return { ...state, cameraOn: false, detected: false, hits: 0 };
    case 'frame':
      return frameChangesState(state, event) ? { ...state, detected: event.detected, hits: event.hits } : state;
    case 'capture-started':
      return (event.page ? canCapturePage(state) : canCapture(state)) ? { ...state, processing: true } : state;
    case 'capture-succeeded':
      return { ...state, processing: false, result: event.candidates };
    case 'page-succeeded':
      return { ...state, processing: false, page: event.page };
    case 'capture-failed':
      return { ...state, ...cleared };
    case 'reset':
      return { ...state, ...cleared };
  }
}

/**
 * Whether a frame's result changes what the user sees. Most do not, and the scanner does not
 * hand those to React at all: each would cost a render of the Scan screen.
 */
export function frameChangesState(state: ScannerState, { detected, hits }: { detected: boolean; hits: number }): boolean {
  // Frames that arrive while a photo is processed or shown do not change what the user sees.
  if (state.processing || showsResult(state)) return false;
  return detected !== state.detected || hits > 0 !== state.hits > 0;
}

export function phaseOf(state: ScannerState): ScannerPhase {
  if (showsResult(state)) return 'frozen';
  if (state.processing) return 'processing';
  if (!state.cameraOn) return 'starting';
  if (state.detected) return 'ready';
  return state.hits > 0 ? 'stabilizing' : 'looking';
}

/** Capture needs a detected card and nothing else going on (spec section 5). */
export function canCapture(state: ScannerState): boolean {
  return state.cameraOn && state.detected && !state.processing && !showsResult(state);
}

/** A page is photographed whole, whatever the lock on one card: the server finds the cards itself. */
export function canCapturePage(state: ScannerState): boolean {
  return state.cameraOn && !state.processing && !showsResult(state);
}
