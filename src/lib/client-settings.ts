/**
 * Tuning numbers of the app that are not in the spec: each with its unit and why it is what it is,
 * as server/server-settings.ts keeps the server's.
 */
export interface ClientSetting {
  value: number;
  unit: string;
  why: string;
  measured: boolean;
}

export const clientSettings = {
  autoAddMinScore: {
    value: 90,
    unit: 'percent (the candidate score)',
    why:
      "A scan session adds the top match by itself only at or above this score; below it the collector picks from the candidates. On the real-card kit at 1,000 printings (bench:identify --real, its sureRight and sureWrong columns) 96.7% of whole photos and 97.7% of frame captures were added as the right card and none as a wrong one, outside cards included; Undo is one tap away.",
    measured: true,
  },
  sessionStripShown: {
    value: 5,
    unit: 'cards',
    why: 'the last few adds of a scan session stay in view with their Undo; the count covers the rest',
    measured: false,
  },
  offlineQueueRetry: {
    value: 30_000,
    unit: 'ms',
    why: 'A scan taken offline that the server could not answer (5xx, or the network dropped again) is tried again after this pause, besides at each return of the network; the server is often getting ready for a minute or so.',
    measured: false,
  },
  continuousFlashMs: {
    value: 1400,
    unit: 'ms',
    why: 'Continuous scanning shows what it found over the camera this long; the next card can come meanwhile (a card in view about 1.5 s is the pace bench:scan --continuous plays).',
    measured: false,
  },
  continuousRepeatGapMs: {
    value: 700,
    unit: 'ms',
    why: 'A card that comes back as the same printing within this time of leaving is taken for the same card flickering out of the lock (a slow phone loses the lock on one bad frame), not a second copy; swapping two copies by hand takes longer.',
    measured: false,
  },
  framesInFlight: {
    value: 2,
    unit: 'camera frames sent to the engine and not yet answered',
    why: 'With one, the worker waits after each frame for the UI thread to hear of the result and send the next: frames came 140 ms apart for 110 ms of work at 6x. With two, the next frame is already waiting in the worker; bench:scan, three alternating runs on a loaded machine, detections a second at 4x 9.3, 8.8, 7.4 against 5.7, 5.3, 7.0 (counted then over 20 s, loading included; docs/phones.md). One more frame is taken meanwhile and sent as a place frees, so a frame waits up to two inferences instead of one and a round trip: the overlay is that much older, for frames that come half again as often.',
    measured: true,
  },
  identifyStatusLearningPollMs: {
    value: 3000,
    unit: 'ms',
    why: "The Scan screen asks the server's identification status again this often while the server learns its cards, so its count of cards learned moves.",
    measured: false,
  },
  identifyStatusUnavailablePollMs: {
    value: 15_000,
    unit: 'ms',
    why: 'The Scan screen asks again this often while card images cannot be downloaded (or the server cannot be reached), to see it come back without reloading; each answer costs the camera screen nothing unless it changed.',
    measured: false,
  },
} as const satisfies Record<string, ClientSetting>;
