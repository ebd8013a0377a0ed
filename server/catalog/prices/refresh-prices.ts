import ky, { HTTPError } from 'ky';
import type { Database } from '../../db/open-database.ts';
import { serverSettings } from '../../server-settings.ts';
import type { Progress } from '../import/progress-bar.ts';
import { readPricing } from './tcgdex-pricing.ts';
import { writePrices, type PricedPrinting } from './write-prices.ts';

const settings = serverSettings.prices;

export interface RefreshOptions {
  /** The TCGdex REST API v2 root, e.g. https://api.tcgdex.net/v2, or a mirror with the same paths. */
  baseUrl: string;
  concurrency?: number;
  retries?: number;
  retryDelayMs?: number;
  timeoutMs?: number;
  /** Cards failing in a row, none read yet, that mean the API cannot be reached. */
  unreachableAfter?: number;
  batchCards?: number;
  progress?: Progress;
  /** Where the one line about an unreachable API goes. */
  warn?: (line: string) => void;
  /** Stops the run between cards (a server closing); what was read is written. */
  signal?: AbortSignal;
}

export interface RefreshSummary {
  cards: number;
  /** Cards whose answer was read (with or without prices). */
  read: number;
  /** Cards the API does not know (404): their prices are kept. */
  missing: number;
  /** Cards that failed after their retries: their prices are kept. */
  failed: number;
  /** Printings whose own price or ids changed. */
  changed: number;
  historyRows: number;
  /** The API could not be reached: nothing was changed. */
  unreachable: boolean;
}

interface CardToRead {
  language: string;
  cardId: string;
  printings: Array<{ id: string; variant: string }>;
}

export const describeRefresh = (summary: RefreshSummary) =>
  summary.unreachable
    ? 'TCGdex could not be reached: prices kept as they were'
    : `${summary.read} of ${summary.cards} cards read: ${summary.changed} printings' prices changed, ${summary.historyRows} history rows; ${summary.missing} unknown to TCGdex, ${summary.failed} failed (their prices kept)`;

/**
 * Reads every catalogued card's prices again from the TCGdex API (one request per card, a bounded
 * number in flight, retries with backoff) and writes them in batches. Only prices and marketplace
 * ids change. When the API cannot be reached, the run stops, says so in one line, and every
 * stored price stays as it was.
 */
export async function refreshPrices(db: Database, options: RefreshOptions): Promise<RefreshSummary> {
  const base = options.baseUrl.replace(/\/+$/, '');
  const concurrency = options.concurrency ?? settings.concurrency.value;
  const delay = options.retryDelayMs ?? settings.retryDelayMs.value;
  const unreachableAfter = options.unreachableAfter ?? settings.unreachableAfter.value;
  const batchCards = options.batchCards ?? settings.batchCards.value;
  const http = ky.create({
    timeout: options.timeoutMs ?? settings.timeoutMs.value,
    retry: { limit: options.retries ?? settings.retries.value, retryOnTimeout: true, delay: (attempt) => delay * 2 ** (attempt - 1) },
    headers: { accept: 'application/json' },
    ...(options.signal ? { signal: options.signal } : {}),
  });

  const rows = await db.selectFrom('printing').select(['id', 'language', 'card_id', 'variant']).orderBy('language').orderBy('card_id').execute();
  const byCard = new Map<string, CardToRead>();
  for (const row of rows) {
    const key = `${row.language}\u0000${row.card_id}`;
    let card = byCard.get(key);
    if (!card) byCard.set(key, (card = { language: row.language, cardId: row.card_id, printings: [] }));
    card.printings.push({ id: row.id, variant: row.variant });
  }
  const cards = [...byCard.values()];
  const summary: RefreshSummary = { cards: cards.length, read: 0, missing: 0, failed: 0, changed: 0, historyRows: 0, unreachable: false };

  let pending: PricedPrinting[] = [];
  let writing = Promise.resolve();
  const flush = () => {
    const batch = pending;
    pending = [];
    if (batch.length === 0) return writing;
    writing = writing.then(async () => {
      const written = await db.transaction().execute((trx) => writePrices(trx, batch));
      summary.changed += written.changed;
      summary.historyRows += written.historyRows;
    });
    return writing;
  };

  let next = 0;
  let failedInARow = 0;
  let lastProblem = '';
  let cardsInBatch = 0;
  let done = 0;
  options.progress?.update(0, 'cards');
  const worker = async () => {
    while (next < cards.length && !summary.unreachable && !options.signal?.aborted) {
      const card = cards[next++]!;
      try {
        const raw = await http.get(`${base}/${encodeURIComponent(card.language)}/cards/${encodeURIComponent(card.cardId)}`).json<{ pricing?: unknown }>();
        failedInARow = 0;
        summary.read += 1;
        const pricing = readPricing(raw?.pricing) ?? { cardmarket: null, tcgplayer: null };
        const cardHasNormal = card.printings.some((printing) => printing.variant === 'normal');
        for (const printing of card.printings) pending.push({ printingId: printing.id, variant: printing.variant, cardHasNormal, pricing });
        cardsInBatch += 1;
        if (cardsInBatch >= batchCards) {
          cardsInBatch = 0;
          await flush();
        }
      } catch (error) {
        if (error instanceof HTTPError && error.response.status === 404) {
          summary.missing += 1;
        } else {
          summary.failed += 1;
          failedInARow += 1;
          lastProblem = error instanceof HTTPError ? `answered ${error.response.status}` : (error as Error).message;
          if (summary.read === 0 && failedInARow >= Math.min(unreachableAfter, cards.length) && !summary.unreachable) {
            summary.unreachable = true;
            options.warn?.(`Prices: TCGdex could not be reached at ${base} (${lastProblem}); prices kept as they were`);
          }
        }
      }
      done += 1;
      options.progress?.update(done, `cards (${card.language} ${card.cardId})`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cards.length) }, worker));
  if (!summary.unreachable) await flush();
  else await writing;
  options.progress?.finish(describeRefresh(summary));
  return summary;
}
