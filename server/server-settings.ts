import { availableParallelism } from 'node:os';

/**
 * Every tuning number of the API server (limits, timeouts, pool and throttle sizes): its unit, its
 * default, why it is what it is, and whether it was measured. Values a deployment sets itself are
 * environment variables read in env.ts; these are the ones a code change tunes.
 */
export interface Setting {
  value: number;
  unit: string;
  why: string;
  measured: boolean;
}

const setting = (value: number, unit: string, why: string, measured = false): Setting => ({ value, unit, why, measured });

/** Limits on what one connection or request may hold: bodies, headers, time. */
const http = {
  bodyLimit: setting(1024 * 1024, 'bytes', 'JSON and form bodies are small; a larger one is a mistake or an attack'),
};

/** The worker threads identification runs on, and the queue in front of them. */
const identifyPool = {
  threads: setting(
    availableParallelism(),
    'threads',
    'Identification is CPU-bound: one worker per core keeps every core busy; more would only share them',
  ),
  queuedPerThread: setting(
    16,
    'photos per thread',
    'Photos waiting for a worker beyond those it ranks: at ~0.2 s a photo a full queue clears in a few seconds, a wait a scanning user still accepts; past it a client is told to come back',
  ),
  retryAfter: setting(2, 'seconds', 'Retry-After on a full queue: about the time a few places in the queue take to clear'),
  workerNice: setting(
    10,
    'nice levels',
    'Workers run below the event loop: with every core ranking photos, the catalogue, sign-in and health are still answered at once',
  ),
};

/** How often sign-in and registration may be tried. */
const throttle = {
};

export const serverSettings = { http, identifyPool, throttle } as const;

/** Answers what is wrong with the settings: every value a finite positive number. */
export function validateServerSettings(settings: Record<string, Record<string, Setting>> = serverSettings): string[] {
  return Object.entries(settings).flatMap(([group, values]) =>
    Object.entries(values)
      .filter(([, entry]) => !(Number.isFinite(entry.value) && entry.value > 0))
      .map(([name, entry]) => `${group}.${name} must be a positive number of ${entry.unit}, got ${entry.value}`),
  );
}

const problems = validateServerSettings();
if (problems.length > 0) throw new RangeError(`Invalid server settings: ${problems.join('; ')}`);
