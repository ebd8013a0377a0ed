import { HttpError } from '../../http-error.ts';
import { serverSettings } from '../../server-settings.ts';
import { lazyWorkerThreads, type WorkerPoolSettings } from '../../worker-threads.ts';
import type { PlanOutcome, PlanTask } from './plan-import.ts';

export type ImportPoolSettings = WorkerPoolSettings;

export function importPoolSettings(overrides: Partial<ImportPoolSettings> = {}): ImportPoolSettings {
  const { importThreads, importQueue, importRetryAfter, importIdleTimeout, importNice } = serverSettings.collection;
  return {
    threads: importThreads.value,
    queue: importQueue.value,
    retryAfterSeconds: importRetryAfter.value,
    idleTimeoutMs: importIdleTimeout.value,
    nice: importNice.value,
    ...overrides,
  };
}

export interface ImportPool {
  /** Reads one file for `owner`; a collector whose file is still being read or written is refused. */
  run<T>(owner: string, task: PlanTask, then: (outcome: PlanOutcome) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const workerFile = new URL('./import-worker.ts', import.meta.url);

/**
 * Import files are read, parsed and matched on a worker thread, one file per collector at a time:
 * a second preview or import while the first runs answers 429 import_in_progress. What follows
 * the reading (writing the entries in one transaction) runs on the main thread, where the
 * database is, still under the collector's turn.
 */
export function createImportPool(settings: ImportPoolSettings = importPoolSettings()): ImportPool {
  const running = new Set<string>();
  const pool = lazyWorkerThreads<PlanTask, PlanOutcome>({ file: workerFile, ...settings });
  const retryAfter = { 'retry-after': String(settings.retryAfterSeconds) };

  return {
    async run(owner, task, then) {
      const threads = pool.get();
      if (running.has(owner)) {
        throw new HttpError(429, 'Another import or preview of yours is still running: wait for it to finish, then try again', {
          code: 'import_in_progress',
          headers: retryAfter,
        });
      }
      if (threads.queueSize >= settings.queue) {
        throw new HttpError(503, `The server is reading other collectors' files; try again in ${settings.retryAfterSeconds} s`, {
          code: 'import_busy',
          headers: retryAfter,
        });
      }
      running.add(owner);
      try {
        return await then(await threads.run(task, { transferList: [task.file.buffer as ArrayBuffer] }));
      } finally {
        running.delete(owner);
      }
    },
    async close() {
      await pool.close();
    },
  };
}
