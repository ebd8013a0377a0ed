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
      "A scan session adds the top match by itself only at or above this score. Scores are the server's calibrated chance that the match is the card; at 90 one automatic add in ten or fewer is wrong, and Undo is one tap away. Below it the collector picks from the candidates.",
    measured: false,
  },
  sessionStripShown: {
    value: 5,
    unit: 'cards',
    why: 'the last few adds of a scan session stay in view with their Undo; the count covers the rest',
    measured: false,
  },
} as const satisfies Record<string, ClientSetting>;
