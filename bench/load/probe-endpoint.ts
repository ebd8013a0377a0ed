import type { Outcome } from './latency-summary.ts';
import { timed } from './timed-request.ts';

/** One request to `path` every `everyMs` until `until`, each on its own so a slow answer does not delay the next. */
export async function probeEndpoint(url: string, path: string, everyMs: number, until: number): Promise<Outcome[]> {
  const pending: Array<Promise<Outcome>> = [];
  while (Date.now() < until) {
    pending.push(timed(() => fetch(`${url}${path}`)));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return Promise.all(pending);
}
