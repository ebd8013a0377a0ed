import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ScanCandidate } from '../../../lib/scan-candidate.ts';

/** Why the server refused a queued photo (a 4xx answer): what the list says of it. */
export interface ScanRefusal {
  status: number;
  code: string | undefined;
  message: string;
}

/**
 * A photo taken with no network, kept until the server has identified it, then kept with its
 * answer until the collector dismisses it. Plain data: it lives in IndexedDB across reloads.
 */
export interface QueuedScan {
  /** Increasing: the order the photos were taken in. */
  id: number;
  photo: Blob;
  /** When the photo was taken (ms since the epoch). */
  takenAt: number;
  /** The collector whose scan session was adding each sure match when the photo was taken, else null. */
  autoAddFor: string | null;
  state: 'queued' | 'identified' | 'refused';
  /** The server's candidates, best first, once identified. */
  candidates?: ScanCandidate[];
  /** What the scan session did with the sure match, when it was on. */
  added?: 'added' | 'failed';
  refusal?: ScanRefusal;
}

export type NewScan = Pick<QueuedScan, 'photo' | 'takenAt' | 'autoAddFor'>;
export type ScanOutcome = Pick<QueuedScan, 'state' | 'candidates' | 'added' | 'refusal'>;

interface ScanQueueSchema extends DBSchema {
  scans: { key: number; value: QueuedScan };
}

export const scanQueueDatabase = 'card-lens-offline-scans';

/** The queue of offline scans and their results, in IndexedDB (through idb). */
export class ScanQueueStore {
  private readonly listeners = new Set<() => void>();
  /** Whether a page is sending the queue to the server: one at a time, whichever screen started it. */
  sending = false;

  private constructor(private readonly db: IDBPDatabase<ScanQueueSchema>) {}

  /** Calls `listener` after each change of the queue; answers the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  static async open(name = scanQueueDatabase): Promise<ScanQueueStore> {
    const db = await openDB<ScanQueueSchema>(name, 1, {
      upgrade(database) {
        database.createObjectStore('scans', { keyPath: 'id', autoIncrement: true });
      },
    });
    return new ScanQueueStore(db);
  }

  async add(scan: NewScan): Promise<QueuedScan> {
    const entry = { ...scan, state: 'queued' as const };
    const id = await this.db.add('scans', entry as QueuedScan);
    this.changed();
    return { ...entry, id };
  }

  /** Every scan, queued or answered, in the order taken. */
  all(): Promise<QueuedScan[]> {
    return this.db.getAll('scans');
  }

  /** The oldest scan still waiting for the server. */
  async nextQueued(): Promise<QueuedScan | undefined> {
    let cursor = await this.db.transaction('scans').store.openCursor();
    while (cursor) {
      if (cursor.value.state === 'queued') return cursor.value;
      cursor = await cursor.continue();
    }
    return undefined;
  }

  /** Records the server's answer to a queued scan; it then waits for the collector's review. */
  async settle(id: number, outcome: ScanOutcome): Promise<void> {
    const tx = this.db.transaction('scans', 'readwrite');
    const scan = await tx.store.get(id);
    if (scan) await tx.store.put({ ...scan, ...outcome });
    await tx.done;
    this.changed();
  }

  async dismiss(id: number): Promise<void> {
    await this.db.delete('scans', id);
    this.changed();
  }

  close(): void {
    this.db.close();
  }
}
