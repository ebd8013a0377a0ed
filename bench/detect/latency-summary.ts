import { percentile } from '../engine/stats.ts';

export const STAGES = ['letterbox', 'inference', 'postprocess', 'gating', 'fallback', 'total'] as const;
export type Stage = (typeof STAGES)[number];

export type LatencySamples = Record<Stage, number[]>;
export type LatencySummary = Record<Stage, { p50: number | null; p90: number | null }>;

export function emptySamples(): LatencySamples {
  return { letterbox: [], inference: [], postprocess: [], gating: [], fallback: [], total: [] };
}

/** Median and p90 per stage in ms; null for a stage that never ran. */
export function summariseLatency(samples: LatencySamples): LatencySummary {
  const out = {} as LatencySummary;
  for (const stage of STAGES) {
    const s = samples[stage];
    out[stage] = s.length > 0 ? { p50: percentile(s, 50), p90: percentile(s, 90) } : { p50: null, p90: null };
  }
  return out;
}
