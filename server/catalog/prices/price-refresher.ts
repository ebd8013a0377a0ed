import type { Database } from '../../db/open-database.ts';
import { serverSettings } from '../../server-settings.ts';
import { describeRefresh, refreshPrices, type RefreshOptions, type RefreshSummary } from './refresh-prices.ts';

export interface PriceRefresher {
  start(): void;
  /** Waits for a refresh under way and stops the schedule. */
  stop(): Promise<void>;
  /** Runs one refresh now (the schedule's own runs never overlap it). */
  runOnce(): Promise<RefreshSummary>;
}

/**
 * The indexing instance's background refresh of prices: first a few minutes after start, then
 * every `prices.refreshEveryMs`. A run that finds TCGdex unreachable logs one line and keeps the
 * old prices; the next run tries again.
 */
export function createPriceRefresher(
  db: Database,
  options: Omit<RefreshOptions, 'progress' | 'warn'> & { info: (line: string) => void; warn: (line: string) => void; everyMs?: number; firstAfterMs?: number },
): PriceRefresher {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RefreshSummary> | undefined;
  let stopped = false;
  let abort = new AbortController();

  const runOnce = () => {
    running ??= refreshPrices(db, { ...options, signal: abort.signal })
      .then((summary) => {
        if (!summary.unreachable) options.info(`Prices: ${describeRefresh(summary)}`);
        return summary;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => options.warn(`Prices: the refresh failed: ${(error as Error).message}; prices kept as they were`))
        .finally(() => schedule(options.everyMs ?? serverSettings.prices.refreshEveryMs.value));
    }, ms);
    timer.unref();
  };

  return {
    start() {
      stopped = false;
      abort = new AbortController();
      if (!timer) schedule(options.firstAfterMs ?? serverSettings.prices.firstRefreshAfterMs.value);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      abort.abort();
      await running?.catch(() => undefined);
    },
    runOnce,
  };
}
