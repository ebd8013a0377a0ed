import type { Outcome } from './latency-summary.ts';

/** A request's status (0 when it failed without one) and how long its whole answer took. */
export async function timed(request: () => Promise<Response>): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await request();
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}
