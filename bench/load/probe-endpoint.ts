import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Outcome } from './latency-summary.ts';
import type { ProbeJob } from './probe-process.ts';
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

/** Probes each path as `probeEndpoint` does, from a process of its own; the outcomes come back in the paths' order. */
export function probeFromProcess(url: string, paths: string[], everyMs: number, until: number): Promise<Outcome[][]> {
  const child = fork(fileURLToPath(new URL('./probe-process.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
  child.send({ url, paths, everyMs, until } satisfies ProbeJob);
  return new Promise((resolve, reject) => {
    child.once('message', (outcomes: Outcome[][]) => resolve(outcomes));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The probe process exited with code ${code} before answering`)));
  });
}
