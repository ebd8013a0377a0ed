import { describe, expect, test } from 'vitest';
import type { ScanCandidate } from '../../lib/scan-candidate.ts';
import { canCapture, canCapturePage, initialScannerState, phaseOf, scannerReducer, type ScannerEvent, type ScannerState } from './scanner-state.ts';

const candidate: ScanCandidate = {
  printingId: 'en-base1-58-normal',
  cardName: 'Pikachu',
  setName: 'Base Set',
  number: '58',
  variant: 'normal',
  language: 'en',
  score: 93.4,
  imageUrl: 'https://assets.example/en/base/base1/58/high.png',
  urls: { cardUrl: 'https://cardmarket.example/pikachu', searchInSetUrl: 'https://cardmarket.example/base?q=pikachu' },
};

const run = (...events: ScannerEvent[]): ScannerState => events.reduce(scannerReducer, initialScannerState);
const frame = (hits: number, detected = hits >= 3): ScannerEvent => ({ type: 'frame', detected, hits });

describe('scanner states', () => {
  test('starting until the camera runs, then looking for a card', () => {
    expect(phaseOf(run())).toBe('starting');
    expect(phaseOf(run({ type: 'camera-started' }))).toBe('looking');
  });

  test('looking -> stabilizing -> ready as accepted frames add up, and back when the card goes', () => {
    const live: ScannerEvent = { type: 'camera-started' };
    expect(phaseOf(run(live, frame(1)))).toBe('stabilizing');
    expect(phaseOf(run(live, frame(1), frame(2)))).toBe('stabilizing');
    expect(phaseOf(run(live, frame(1), frame(2), frame(3)))).toBe('ready');
    expect(phaseOf(run(live, frame(3), frame(0, false)))).toBe('looking');
  });

  test('capture is enabled only while a card is detected and nothing is processing or frozen', () => {
    const live: ScannerEvent = { type: 'camera-started' };
    expect(canCapture(run(live, frame(2)))).toBe(false);
    const ready = run(live, frame(3));
    expect(canCapture(ready)).toBe(true);
    const processing = scannerReducer(ready, { type: 'capture-started' });
    expect(phaseOf(processing)).toBe('processing');
    expect(canCapture(processing)).toBe(false);
    const frozen = scannerReducer(processing, { type: 'capture-succeeded', candidates: [candidate] });
    expect(phaseOf(frozen)).toBe('frozen');
    expect(canCapture(frozen)).toBe(false);
  });

  test('a frame that changes nothing on screen keeps the same state', () => {
    const ready = run({ type: 'camera-started' }, frame(3));
    expect(scannerReducer(ready, frame(4))).toBe(ready);
    const stabilizing = run({ type: 'camera-started' }, frame(1));
    expect(scannerReducer(stabilizing, frame(2))).toBe(stabilizing);
  });

  test('a capture cannot start without a detected card', () => {
    const looking = run({ type: 'camera-started' }, frame(1));
    expect(scannerReducer(looking, { type: 'capture-started' })).toBe(looking);
  });

  test('frames arriving while processing or frozen change nothing', () => {
    const processing = run({ type: 'camera-started' }, frame(3), { type: 'capture-started' });
    expect(scannerReducer(processing, frame(0, false))).toBe(processing);
    const frozen = scannerReducer(processing, { type: 'capture-succeeded', candidates: [] });
    expect(scannerReducer(frozen, frame(0, false))).toBe(frozen);
  });

  test('a failed capture resets the scanner and resumes looking', () => {
    const failed = run({ type: 'camera-started' }, frame(3), { type: 'capture-started' }, { type: 'capture-failed' });
    expect(phaseOf(failed)).toBe('looking');
    expect(failed).toMatchObject({ detected: false, hits: 0, result: null });
  });

  test('Take Another / Try Again clear the result and the counters', () => {
    const again = run({ type: 'camera-started' }, frame(3), { type: 'capture-started' }, { type: 'capture-succeeded', candidates: [candidate] }, { type: 'reset' });
    expect(phaseOf(again)).toBe('looking');
    expect(again).toMatchObject({ detected: false, hits: 0, result: null, cameraOn: true });
  });

  test('restarting the camera drops the detection until it runs again', () => {
    const stopped = run({ type: 'camera-started' }, frame(3), { type: 'camera-stopped' });
    expect(phaseOf(stopped)).toBe('starting');
    expect(canCapture(stopped)).toBe(false);
  });

  test('a page is photographed with no card locked; its answer freezes the scanner until reset', () => {
    const live: ScannerEvent = { type: 'camera-started' };
    expect(canCapturePage(run())).toBe(false);
    expect(canCapturePage(run(live))).toBe(true);
    expect(canCapture(run(live))).toBe(false);
    const processing = run(live, { type: 'capture-started', page: true });
    expect(phaseOf(processing)).toBe('processing');
    expect(canCapturePage(processing)).toBe(false);
    const answered = scannerReducer(processing, { type: 'page-succeeded', page: { photoUrl: 'blob:page', width: 600, height: 800, cards: [] } });
    expect(phaseOf(answered)).toBe('frozen');
    expect(canCapturePage(answered)).toBe(false);
    expect(canCapture(scannerReducer(answered, frame(3)))).toBe(false);
    expect(scannerReducer(answered, { type: 'reset' }).page).toBeNull();
  });
});
