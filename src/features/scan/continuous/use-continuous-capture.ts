import { useCallback, useEffect, useRef, useState } from 'react';
import { isConfident } from '../../collection/index.ts';
import { clientSettings } from '../../../lib/client-settings.ts';
import { frameEventName } from '../../../lib/frame-event.ts';
import type { ScanCandidate } from '../../../lib/scan-candidate.ts';
import { decideContinuous, cardLeft, initialContinuousMemory, isSameCardAgain, photoTakenByHand, type LastCapture } from './continuous-decision.ts';

export interface ContinuousCaptureOptions {
  /** Continuous scanning is on (the scan session, or the Continuous switch) and the camera is live. */
  enabled: boolean;
  /** Photographs the card frame and identifies it, the camera staying live (use-capture.ts). */
  captureLive: () => Promise<ScanCandidate[] | null>;
  /** The scanner is busy with a photo of its own (Take Photo) or shows its result. */
  scannerBusy: () => boolean;
}

/** What continuous scanning shows over the camera for a moment: working on a card, or what it found. */
export type ContinuousFlash = { kind: 'identifying' } | { kind: 'found'; name: string; sure: boolean };

/**
 * Continuous scanning: takes a photo by itself each time the engine locks onto a new card
 * (continuous-decision.ts), identifies it while the camera stays live, and publishes the result for
 * the scan session to add. A card that comes straight back as the same printing is not published.
 */
export function useContinuousCapture({ enabled, captureLive, scannerBusy }: ContinuousCaptureOptions) {
  const [result, setResult] = useState<ScanCandidate[] | null>(null);
  const [flash, setFlash] = useState<ContinuousFlash | null>(null);
  const memory = useRef(initialContinuousMemory);
  const inFlight = useRef(false);
  const last = useRef<LastCapture | null>(null);
  const flashTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;

  const show = useCallback((next: ContinuousFlash | null) => {
    clearTimeout(flashTimer.current);
    setFlash(next);
    if (next?.kind === 'found') flashTimer.current = setTimeout(() => setFlash(null), clientSettings.continuousFlashMs.value);
  }, []);

  const take = useCallback(
    async (lockedAt: number) => {
      inFlight.current = true;
      show({ kind: 'identifying' });
      try {
        const candidates = await captureLive();
        if (candidates === null || !enabledRef.current) return show(null);
        const best = candidates[0];
        const again = isSameCardAgain(last.current, best?.printingId, lockedAt, clientSettings.continuousRepeatGapMs.value);
        last.current = best ? { printingId: best.printingId, leftAt: null } : null;
        if (again) return show(null);
        const sure = isConfident(best);
        setResult(candidates);
        show(best ? { kind: 'found', name: best.cardName, sure } : null);
        navigator.vibrate?.(sure ? 60 : [40, 80, 40]);
      } finally {
        inFlight.current = false;
      }
    },
    [captureLive, show],
  );

  useEffect(() => {
    if (!enabled) return;
    memory.current = initialContinuousMemory;
    const onFrame = (event: Event) => {
      const { detected, hits } = (event as CustomEvent<{ detected: boolean; hits: number }>).detail;
      const at = performance.now();
      if (cardLeft({ detected, hits }) && last.current !== null && last.current.leftAt === null) last.current = { ...last.current, leftAt: at };
      const next = decideContinuous(memory.current, { detected, hits, busy: inFlight.current || scannerBusy() });
      memory.current = next.memory;
      if (next.capture) void take(at);
    };
    window.addEventListener(frameEventName, onFrame);
    return () => window.removeEventListener(frameEventName, onFrame);
  }, [enabled, scannerBusy, take]);

  useEffect(() => () => clearTimeout(flashTimer.current), []);

  /** Forgets the shown result (a photo taken by hand replaces it). */
  const clear = useCallback(() => setResult(null), []);
  /** Take Photo was tapped on the locked card: that card is not captured again until it leaves. */
  const photographedByHand = useCallback(() => {
    memory.current = photoTakenByHand();
  }, []);
  return { result, flash, clear, photographedByHand };
}
