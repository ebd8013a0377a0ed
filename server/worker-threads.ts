import { Piscina } from 'piscina';

/** How a pool of worker threads is sized, and what a client is told when its queue is full. */
export interface WorkerPoolSettings {
  threads: number;
  /** Tasks that may wait for a thread, over all threads. */
  queue: number;
  /** The Retry-After of the 503 a full queue answers, in s. */
  retryAfterSeconds: number;
  /** How long a thread may do nothing before it ends and frees its memory, in ms. */
  idleTimeoutMs: number;
  /** How much lower than the event loop the threads are scheduled (Linux). */
  nice: number;
}

export interface WorkerThreadsOptions extends Omit<WorkerPoolSettings, 'retryAfterSeconds'> {
  /** The worker module: TypeScript, loaded through tsx. */
  file: URL;
  workerData?: unknown;
}

// The workers are TypeScript: under `tsx` (npm start, the benches) they inherit its loader, under
// the test runner they are given it.
const workerArgv = process.execArgv.some((arg) => arg.includes('tsx')) ? process.execArgv : [...process.execArgv, '--import', 'tsx'];

/**
 * A pool of worker threads started on its first task, none kept while idle, below the event loop
 * so the API is answered first. Identification and CSV imports each run on one.
 */
export function lazyWorkerThreads<Task, Outcome>({ file, threads, queue, idleTimeoutMs, nice, workerData }: WorkerThreadsOptions) {
  let pool: Piscina<Task, Outcome> | undefined;
  return {
    get: (): Piscina<Task, Outcome> =>
      (pool ??= new Piscina<Task, Outcome>({
        filename: file.href,
        minThreads: 0,
        maxThreads: threads,
        idleTimeout: idleTimeoutMs,
        maxQueue: queue,
        execArgv: workerArgv,
        niceIncrement: nice,
        workerData,
      })),
    running: () => pool?.threads.length ?? 0,
    close: async () => {
      await pool?.destroy();
    },
  };
}
