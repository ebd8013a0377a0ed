// Loaded here before any worker starts: sharp's native libraries must outlive the workers that use
// them, or a worker exiting unloads them from under the others.
import 'sharp';
import { MessageChannel } from 'node:worker_threads';
import { lazyWorkerThreads, type WorkerPoolSettings } from '../../worker-threads.ts';
import { HttpError } from '../../http-error.ts';
import { serverSettings } from '../../server-settings.ts';
import type { FingerprintRepository } from '../catalog-index/fingerprint-repository.ts';
import type { IdentifyOutcome, IdentifyTask, IdentifyWorkerData, IdentifyWorkerSettings, PageOutcome, PageTask } from './identify-pool-messages.ts';
import type { CardOfPage } from '../pipeline/split-page.ts';
import { serveReads } from './identify-pool-reads.ts';
import { decodePhoto } from '../decode/decode-photo.ts';
import { identifySettings } from '../identify-settings.ts';
import { candidatesOf } from './candidates.ts';
import { IndexEmpty } from '../pipeline/rank-photo.ts';
import { answeringInHttp, httpErrorOf } from './identify-errors.ts';
import { holdIndex, pageAnswer, type IdentifyService } from './identify-service.ts';

export type IdentifyPoolSettings = WorkerPoolSettings;

/** The pool as server-settings.ts sizes it for this machine, with what a caller (a test) overrides. */
export function identifyPoolSettings(overrides: Partial<IdentifyPoolSettings> = {}): IdentifyPoolSettings {
  const { threads, queuedPerThread, retryAfter, workerNice, idleTimeout } = serverSettings.identifyPool;
  const chosen = overrides.threads ?? threads.value;
  return {
    threads: chosen,
    queue: chosen * queuedPerThread.value,
    retryAfterSeconds: retryAfter.value,
    nice: workerNice.value,
    idleTimeoutMs: idleTimeout.value,
    ...overrides,
  };
}

export interface PooledIdentifyService extends IdentifyService {
  /** Stops the workers; identification already under way is abandoned. */
  close(): Promise<void>;
  /** Worker threads running now: none before the first photo and after idleTimeoutMs without one. */
  runningWorkers(): number;
}

const workerFile = new URL('./identify-worker.ts', import.meta.url);

/**
 * Identification on worker threads, so the event loop keeps serving the catalogue, sign-in and
 * health while photos are ranked. The index is loaded here, where the database is, on shared
 * memory the workers search without copying; a worker asks for it again after a reload, and asks
 * for each photo's finer details as it ranks.
 */
export function createPooledIdentifyService(
  repository: FingerprintRepository,
  ranking: IdentifyWorkerSettings,
  settings: IdentifyPoolSettings,
  { notReady = () => httpErrorOf(new IndexEmpty())! }: { notReady?: () => HttpError } = {},
): PooledIdentifyService {
  const held = holdIndex(repository);
  const identify = ranking.ranking.settings ?? identifySettings;
  // Started on the first photo: an API that is never asked to identify runs no workers.
  const pool = lazyWorkerThreads<IdentifyTask | PageTask, IdentifyOutcome | PageOutcome>({
    file: workerFile,
    ...settings,
    workerData: { ...ranking, ranking: { ...ranking.ranking, settings: identify } } satisfies IdentifyWorkerData,
  });

  /** A full queue answers 503 at once: a page counts for each of its cards (an idle pool takes any page). */
  function refuseUnlessRoomFor(photos: number): void {
    const waiting = pool.get().queueSize;
    if (waiting === 0 || waiting + photos <= settings.queue) return;
    throw new HttpError(503, `The server is busy identifying other photos; try again in ${settings.retryAfterSeconds} s`, {
      code: 'identify_busy',
      headers: { 'retry-after': String(settings.retryAfterSeconds) },
    });
  }

  async function refuseUnlessIndexed(photo: Uint8Array, maxSide: number) {
    const read = await held.current();
    if (read.index.size > 0) return read;
    // A photo the server could never read is the client's mistake whatever the index holds.
    await decodePhoto(photo, maxSide);
    throw notReady();
  }

  async function splitIn(photo: Uint8Array): Promise<CardOfPage[]> {
    await refuseUnlessIndexed(photo, identify.page.workingSide.value);
    refuseUnlessRoomFor(1);
    const outcome = (await pool.get().run({ photo } satisfies PageTask, { name: 'splitPageInWorker' })) as PageOutcome;
    if ('refused' in outcome) throw new HttpError(outcome.refused.status, outcome.refused.message, { code: outcome.refused.code, headers: outcome.refused.headers });
    refuseUnlessRoomFor(outcome.cards.length);
    return outcome.cards;
  }

  async function rankIn(photo: Uint8Array) {
    const { index: search, generation } = await refuseUnlessIndexed(photo, identify.decode.workingSide.value);
    const threads = pool.get();
    refuseUnlessRoomFor(1);
    const { port1, port2 } = new MessageChannel();
    serveReads(port1, { index: () => search.shared, fineDetails: (ids) => repository.fineDetails(ids) });
    try {
      const outcome = (await threads.run({ photo, generation, port: port2 } satisfies IdentifyTask, { transferList: [port2] })) as IdentifyOutcome;
      if ('refused' in outcome) throw new HttpError(outcome.refused.status, outcome.refused.message, { code: outcome.refused.code, headers: outcome.refused.headers });
      return { ranked: outcome.ranked, printings: search.printings };
    } finally {
      port1.close();
    }
  }

  const identifyPhoto = async (photo: Uint8Array) => {
    const { ranked, printings } = await answeringInHttp(() => rankIn(photo));
    return candidatesOf(ranked, printings, ranking.ranking.assetsBaseUrl, identify.answer);
  };

  return {
    rank: async (photo) => (await answeringInHttp(() => rankIn(photo))).ranked,
    identify: identifyPhoto,
    identifyPage: async (photo) => pageAnswer(await answeringInHttp(() => splitIn(photo)), identifyPhoto, identify.page),
    reload: async () => (await held.reload()).index.size,
    indexSize: held.size,
    runningWorkers: pool.running,
    async close() {
      await pool.close();
    },
  };
}
