// `npm run bench:prices`: a refresh of the prices of BENCH_PRINTINGS printings (20,000: 10,000 cards
// in normal and reverse) against the local TCGdex test double answering each request after
// BENCH_LATENCY_MS (50). Reports time, requests per second and memory, on PGlite (or PostgreSQL
// with BENCH_DATABASE_URL), then a second run whose prices did not change. Writes bench/out/prices.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { importCatalog } from '../../server/catalog/import/import-catalog.ts';
import { readTcgdexFile } from '../../server/catalog/import/read-tcgdex-file.ts';
import { refreshPrices, type RefreshSummary } from '../../server/catalog/prices/refresh-prices.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase, type Database } from '../../server/db/open-database.ts';
import type { DatabaseOptions } from '../../server/db/database-options.ts';
import { serverSettings } from '../../server/server-settings.ts';
import { startTcgdexTestDouble, type DoubleCard } from '../../server/test-support/tcgdex-test-double.ts';

const printings = Number(process.env.BENCH_PRINTINGS ?? 20_000);
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 50);
const cardsPerSet = 200;
const cardCount = Math.ceil(printings / 2);

function catalogue() {
  const sets = Array.from({ length: Math.ceil(cardCount / cardsPerSet) }, (_, index) => ({
    id: `bench${index}`, language: 'en', name: `Bench Set ${index}`, code: `B${index}`, cardCount: { official: cardsPerSet, total: cardsPerSet },
  }));
  const cards = Array.from({ length: cardCount }, (_, index) => ({
    id: `bench${Math.floor(index / cardsPerSet)}-${index % cardsPerSet}`, localId: String(index % cardsPerSet), language: 'en',
    name: `Card ${index}`, setId: `bench${Math.floor(index / cardsPerSet)}`, variants: { normal: true, reverse: true },
  }));
  return { sets, cards };
}

/** Each card as the API answers it, with both sources' pricing in their real shape. */
function doubleCards(cards: ReturnType<typeof catalogue>['cards'], day: string): Map<string, DoubleCard> {
  return new Map(
    cards.map((card, index) => {
      const price = 0.1 + (index % 500) / 10;
      return [
        `en/${card.id}`,
        {
          id: card.id, localId: card.localId, name: card.name, set: { id: card.setId, name: card.setId }, variants: card.variants,
          pricing: {
            cardmarket: { updated: `${day}T08:00:00.000Z`, unit: 'EUR', idProduct: 100_000 + index, avg: price, low: price / 2, trend: price, avg1: price, avg7: price, avg30: price, 'avg-holo': price * 2, 'low-holo': price, 'trend-holo': price * 2 },
            tcgplayer: {
              updated: `${day}T08:00:00.000Z`, unit: 'USD',
              normal: { productId: 200_000 + index, lowPrice: price, midPrice: price, highPrice: price * 3, marketPrice: price * 1.1, directLowPrice: null },
              'reverse-holofoil': { productId: 200_000 + index, lowPrice: price, midPrice: price * 2, highPrice: price * 5, marketPrice: price * 2.2, directLowPrice: null },
            },
          },
        },
      ];
    }),
  );
}

async function run(db: Database, baseUrl: string, requests: () => number) {
  const before = requests();
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const memory = process.memoryUsage();
    peakRss = Math.max(peakRss, memory.rss);
    peakHeap = Math.max(peakHeap, memory.heapUsed);
  }, 50);
  const start = performance.now();
  const summary: RefreshSummary = await refreshPrices(db, { baseUrl });
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const made = requests() - before;
  return {
    seconds: Number(seconds.toFixed(1)),
    requests: made,
    requestsPerSecond: Math.round(made / seconds),
    peakRssMb: Math.round(peakRss / 1024 / 1024),
    peakHeapMb: Math.round(peakHeap / 1024 / 1024),
    ...summary,
  };
}

async function bench(name: string, options: DatabaseOptions) {
  const db = await openDatabase(options);
  try {
    await migrate(db);
    const data = catalogue();
    await importCatalog(db, readTcgdexFile(data));
    const double = await startTcgdexTestDouble({ cards: doubleCards(data.cards, '2026-11-25'), latencyMs });
    try {
      const first = await run(db, double.baseUrl, double.requests);
      double.cards.clear();
      for (const [key, card] of doubleCards(data.cards, '2026-11-25')) double.cards.set(key, card);
      const again = await run(db, double.baseUrl, double.requests);
      return { backend: name, printings: data.cards.length * 2, cards: data.cards.length, latencyMs, concurrency: serverSettings.prices.concurrency.value, first, unchanged: again };
    } finally {
      await double.close();
    }
  } finally {
    await db.destroy();
  }
}

const results = [await bench('pglite', { kind: 'pglite' })];
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  try {
    results.push(await bench('postgres', { kind: 'postgres', url, schema, poolSize: 4 }));
  } finally {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
  }
}
console.table(
  results.flatMap((r) =>
    (['first', 'unchanged'] as const).map((name) => {
      const m = name === 'first' ? r.first : r.unchanged;
      return { backend: r.backend, run: name, printings: r.printings, s: m.seconds, 'req/s': m.requestsPerSecond, 'peak RSS MB': m.peakRssMb, changed: m.changed, 'history rows': m.historyRows };
    }),
  ),
);
mkdirSync('bench/out', { recursive: true });
writeFileSync('bench/out/prices.json', `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`);
