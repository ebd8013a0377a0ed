export interface Outcome {
  /** HTTP status, or 0 when the request failed without one (refused, reset). */
  status: number;
  ms: number;
}

export interface LatencySummary {
  requests: number;
  perSecond: number;
  byStatus: Record<string, number>;
  p50ms: number;
  p99ms: number;
  maxMs: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
const round = (value: number) => Math.round(value * 10) / 10;

/** Counts by status, and latencies of the answered requests (status 200) over `seconds`. */
export function summarise(outcomes: Outcome[], seconds: number): LatencySummary {
  const byStatus: Record<string, number> = {};
  for (const { status } of outcomes) byStatus[status] = (byStatus[status] ?? 0) + 1;
  const answered = outcomes
    .filter((outcome) => outcome.status === 200)
    .map((outcome) => outcome.ms)
    .sort((a, b) => a - b);
  return {
    requests: outcomes.length,
    perSecond: round(answered.length / seconds),
    byStatus,
    p50ms: round(percentile(answered, 50)),
    p99ms: round(percentile(answered, 99)),
    maxMs: round(answered.at(-1) ?? NaN),
  };
}
