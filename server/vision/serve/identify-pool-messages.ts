import type { MessagePort } from 'node:worker_threads';
import type { RankedPrinting } from '../answer/artwork-scores.ts';
import type { SharedIndex } from '../search/fingerprint-index.ts';
import type { FineDetails } from '../search/fine-details.ts';
import type { IdentifySettings } from '../identify-settings.ts';
import type { IdentifyOptions } from './identify-service.ts';
import type { CardOfPage } from '../pipeline/split-page.ts';

/** How every worker ranks, fixed when the pool starts (functions cannot cross threads, so the detector is a flag). */
export interface IdentifyWorkerSettings {
  ranking: Omit<IdentifyOptions, 'detectCards' | 'findCorners'>;
  /** Whether the card detector's boxes are used (loaded in the worker on first need). */
  detectCards: boolean;
  /** Whether the corner model reads the card's outline first (loaded in the worker on first need). */
  findCorners: boolean;
}

/** What each worker is started with: the ranking settings with identification's settings filled in, as plain data. */
export type IdentifyWorkerData = IdentifyWorkerSettings & { ranking: { settings: IdentifySettings } };

/** One photo to rank, with the port the worker asks the main thread through while it ranks it. */
export interface IdentifyTask {
  photo: Uint8Array;
  /** Which load of the index to search: a worker holding another asks for it again. */
  generation: number;
  port: MessagePort;
}

/** What the client got wrong, as a worker answers it (an HttpError does not cross threads; its fields do). */
export interface Refused {
  refused: { status: number; code: string; message: string; headers: Record<string, string> };
}

/** What a worker answers: the ranking, or what the client got wrong, to be answered as it is. */
export type IdentifyOutcome = { ranked: RankedPrinting[] } | Refused;

/** A photo of a binder page or a pile, to find and cut out its cards. */
export interface PageTask {
  photo: Uint8Array;
}

export type PageOutcome = { cards: CardOfPage[] } | Refused;

/** What the main thread, which holds the database, reads for a worker (over Comlink, identify-pool-reads.ts). */
export interface MainThreadReads {
  index(): SharedIndex;
  fineDetails(printingIds: string[]): Promise<Map<string, FineDetails>>;
}
