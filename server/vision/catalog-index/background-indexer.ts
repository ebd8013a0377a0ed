import { serverSettings } from '../../server-settings.ts';
import type { FingerprintRepository } from './fingerprint-repository.ts';
import { indexCatalog } from './index-catalog.ts';
import type { CardImageSource } from './load-card-image.ts';

const settings = serverSettings.backgroundIndex;

/** What `GET /v1/vision/status` answers. */
export interface IndexStatus {
  /** Fingerprints are being built now. */
  building: boolean;
  /** Printings with a current fingerprint. */
  indexed: number;
  /** Printings with an image, indexed or not. */
  total: number;
  /** Printings whose image could not be loaded in the last build. */
  failed: number;
  /** Identification answers: some printings are indexed. */
  ready: boolean;
  /** No card image could be downloaded: the image host (ASSETS_BASE_URL) cannot be reached. */
  imagesUnavailable: boolean;
  /** This server learns the catalogue's cards itself (INDEX_IMAGES); otherwise `catalog:index` does. */
  autoIndex: boolean;
}

export interface BackgroundIndexer {
  /** Indexes what the catalogue lacks, in the background; a call while building runs once more after. */
  start(): void;
  /** Brings the index up to date, for fingerprints another process stored; a no-op while this one builds (it reloads as it goes). */
  reload(): Promise<void>;
  status(): IndexStatus;
  stop(): Promise<void>;
}

/**
 * Keeps the fingerprint index up to date with the catalogue without anyone running a command: at
 * start, after an import, and again a minute after the image host could not be reached. Identification
 * is told to read the index again as batches are stored, so it answers from what is indexed so far.
 */
export function createBackgroundIndexer(
  repository: FingerprintRepository,
  source: CardImageSource,
  reload: () => Promise<number>,
  { autoIndex }: { autoIndex: boolean },
): BackgroundIndexer {
  const state: IndexStatus = { building: false, indexed: 0, total: 0, failed: 0, ready: false, imagesUnavailable: false, autoIndex };
  let running: Promise<void> | undefined;
  let again = false;
  let retry: NodeJS.Timeout | undefined;
  let lastReload = 0;
  let saidUnreachable = false;
  const abort = new AbortController();

  const reloadNow = async () => {
    lastReload = Date.now();
    state.ready = (await reload()) > 0;
    // A server that does not index, or whose last build ended, counts what another process stored.
    if (!state.building) {
      const { total, upToDate } = await repository.indexCounts();
      Object.assign(state, { total, indexed: upToDate });
    }
  };

  async function build(): Promise<void> {
    const { todo, upToDate } = await repository.printingsToIndex({ force: false });
    Object.assign(state, { indexed: upToDate, total: upToDate + todo.length, failed: 0 });
    if (todo.length === 0) return;
    state.building = true;
    const stopEarly = new AbortController();
    const signal = AbortSignal.any([abort.signal, stopEarly.signal]);
    const summary = await indexCatalog(repository, {
      ...source,
      retries: settings.imageRetries.value,
      concurrency: settings.concurrency.value,
      signal,
      onImage: (progress) => {
        state.indexed = upToDate + progress.indexed;
        state.failed = progress.skipped;
        if (progress.indexed > 0) state.imagesUnavailable = false;
        // A catalogue smaller than the streak that proves it fails on all of its images.
        else if (upToDate === 0 && progress.skipped >= Math.min(settings.unreachableAfter.value, todo.length)) state.imagesUnavailable = true;
        if (state.imagesUnavailable && progress.indexed === 0) stopEarly.abort();
      },
      onSaved: () => {
        if (Date.now() - lastReload >= settings.reloadEveryMs.value) void reloadNow();
      },
    });
    state.building = false;
    if (state.imagesUnavailable) {
      // Said once until the host answers again, not at every retry.
      if (!saidUnreachable) {
        console.error(
          `Card index: the image host ${source.assetsBaseUrl} cannot be reached (${summary.problems[0]}); ${todo.length} printings wait to be learned, trying again every ${settings.retryAfterMs.value / 60_000} min`,
        );
      }
      saidUnreachable = true;
    } else {
      saidUnreachable = false;
      if (summary.skipped > 0) console.error(`Card index: ${summary.skipped} printings skipped, e.g. ${summary.problems[0]}`);
    }
    if (state.imagesUnavailable && !abort.signal.aborted) retry = setTimeout(() => indexer.start(), settings.retryAfterMs.value);
  }

  const indexer: BackgroundIndexer = {
    start() {
      clearTimeout(retry);
      state.building = true;
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          try {
            await build();
          } catch (error) {
            console.error(`Card index: the build stopped: ${(error as Error).message}`);
          } finally {
            state.building = false;
          }
          await reloadNow();
        } while (again && !abort.signal.aborted);
        running = undefined;
      })();
    },
    reload: async () => {
      if (!running) await reloadNow();
    },
    status: () => ({ ...state }),
    async stop() {
      abort.abort();
      clearTimeout(retry);
      await running;
    },
  };
  return indexer;
}

/** Why identification cannot answer yet, for a person: what is happening and what to do. */
export function notReadyMessage(status: IndexStatus, assetsBaseUrl: string): string {
  if (status.imagesUnavailable) {
    return `Identification is unavailable: card images could not be downloaded from ${assetsBaseUrl}. Set ASSETS_BASE_URL to a reachable mirror of the image host; the server tries again every minute.`;
  }
  if (status.total === 0 && !status.building) {
    return 'Identification has no cards to learn: the catalogue holds no printings with images. Import one with `npm run catalog:import`.';
  }
  if (!status.autoIndex) return 'Identification is unavailable: the cards have not been learned. Run `npm run catalog:index`, or start the server with INDEX_IMAGES=true.';
  if (status.building || status.indexed < status.total - status.failed) {
    return `Identification is getting ready: ${status.indexed} of ${status.total} cards learned. Try again in a few seconds.`;
  }
  return `Identification is unavailable: none of the catalogue's ${status.total} card images could be read.`;
}
