import type { Database } from './open-database.ts';
import type { ChangeCounterTable } from './tables.ts';

export type ChangeName = ChangeCounterTable['name'];

export interface ChangeWatchSettings {
  /** How often the counters are read. */
  pollMs: number;
  /** A change is acted on once its counter has stood still this long, so a build in progress is not reloaded at every batch... */
  settleMs: number;
  /** ...but at least this often while it goes on. */
  maxWaitMs: number;
}

export interface ChangeWatch {
  stop(): Promise<void>;
}

/**
 * Calls `onChange(name)` when another process (or this one) has written to the catalogue or the
 * fingerprints since the call: the counters of migration 0009 are read every `pollMs`; a moving counter is acted on
 * when it settles or after `maxWaitMs`. A failed read is tried again at the next poll.
 */
export async function watchChanges(db: Database, settings: ChangeWatchSettings, onChange: (name: ChangeName) => Promise<unknown>): Promise<ChangeWatch> {
  const read = () => db.selectFrom('change_counter').select(['name', 'generation']).execute();
  // What is in the database now is what the caller is about to read: only later changes count.
  const acted = new Map<ChangeName, string>((await read()).map((row) => [row.name, row.generation]));
  const pending = new Map<ChangeName, { generation: string; movedAt: number; since: number }>();
  let stopped = false;
  let polling: Promise<void> = Promise.resolve();

  async function poll(): Promise<void> {
    const now = Date.now();
    for (const { name, generation } of await read()) {
      if (generation === acted.get(name)) {
        pending.delete(name);
        continue;
      }
      const waiting = pending.get(name);
      if (!waiting || waiting.generation !== generation) pending.set(name, { generation, movedAt: now, since: waiting?.since ?? now });
      const current = pending.get(name)!;
      if (now - current.movedAt >= settings.settleMs || now - current.since >= settings.maxWaitMs) {
        acted.set(name, generation);
        pending.delete(name);
        await onChange(name);
      }
    }
  }

  const timer = setInterval(() => {
    polling = polling.then(() => (stopped ? undefined : poll().catch((error: unknown) => console.error(`Watching for changes: ${(error as Error).message}`))));
  }, settings.pollMs);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await polling;
    },
  };
}
