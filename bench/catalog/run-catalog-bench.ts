// `npm run bench:catalog`: filtered, sorted page queries on a generated catalogue, and on one
// collector's collection of BENCH_COLLECTION entries (10,000) among other collectors' entries, on
// PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL. Writes
// bench/out/catalog.json. The collection part prices the catalogue first and measures the
// collection's value, its value sort and its value filter. BENCH_BACKENDS (pglite,postgres) and BENCH_PARTS (catalog,collection)
// narrow a run to what is being tuned.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { importCatalog } from '../../server/catalog/import/import-catalog.ts';
import { readTcgdexFile } from '../../server/catalog/import/read-tcgdex-file.ts';
import type { DatabaseOptions } from '../../server/db/database-options.ts';
import { readConfig } from '../../server/env.ts';
import { createCollectionRepository, type NewEntry } from '../../server/collection/collection-repository.ts';
import { collectionConditions } from '../../server/collection/conditions.ts';
import { serverSettings } from '../../server/server-settings.ts';
import { tokenMinter } from '../../server/test-support/bearer-tokens.ts';
import { generateCatalog } from './generate-catalog.ts';

const printings = Number(process.env.BENCH_PRINTINGS ?? 20_000);
const sequentialRequests = Number(process.env.BENCH_REQUESTS ?? 1_000);
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const collectionEntries = Number(process.env.BENCH_COLLECTION ?? 10_000);
const listed = (value: string | undefined, all: string[]) => new Set(value ? value.split(',').map((item) => item.trim()) : all);
const backends = listed(process.env.BENCH_BACKENDS, ['pglite', 'postgres']);
const parts = listed(process.env.BENCH_PARTS, ['catalog', 'collection']);
/** Other collectors share the table, so the owner's rows must be found among theirs. */
const otherCollectors = 5;
const otherEntries = 2_000;

/** What the app's screens ask for: a filter or two, a sort, a page of 24. */
const queries = [
  '/v1/cards?name=ci(contains(chu))&order_by=name&sort_by=asc&page=0&size=24',
  '/v1/cards?name=ci(contains(pika))&order_by=name&sort_by=asc&page=0&size=24',
  '/v1/cards?set.language=eq(en)&hp=gte(100)&order_by=hp&sort_by=desc&page=1&size=24',
  '/v1/cards?set.id=eq(en-gen007)&order_by=localId&sort_by=asc&page=2&size=24',
  '/v1/cards?set.name=ci(contains(ka))&set.language=eq(fr)&order_by=set.name&sort_by=desc&page=0&size=24',
  '/v1/cards?set.code=ci(eq(g03))&name=ci(contains(ra))&order_by=name&sort_by=desc&page=0&size=24',
  '/v1/cards?illustrator=eq(Illustrator C2)&order_by=localId&sort_by=desc&page=0&size=24',
  '/v1/cards?order_by=name&sort_by=asc&page=40&size=24',
  '/v1/sets?name=ci(contains(a))&language=eq(en)&order_by=name&sort_by=asc&page=0&size=24',
].map((path) => path.replaceAll(' ', '%20'));

/** What the Collection screen asks for, and its totals and set completion. */
const collectionQueries = [
  '/v1/collection?order_by=added&sort_by=desc&page=0&size=24',
  '/v1/collection?name=ci(contains(chu))&order_by=name&sort_by=asc&page=0&size=24',
  '/v1/collection?condition=eq(near_mint)&order_by=set.name&sort_by=asc&page=3&size=24',
  '/v1/collection?set.language=eq(fr)&quantity=gte(2)&order_by=quantity&sort_by=desc&page=0&size=24',
  '/v1/collection?order_by=name&sort_by=asc&page=100&size=24',
  '/v1/collection/totals',
  '/v1/collection/sets',
  // Prices: four printings in five have one, each with a price on five days of the last month.
  '/v1/collection/value?currency=EUR',
  '/v1/collection/value?currency=USD',
  '/v1/collection/value/history?currency=EUR',
  '/v1/collection?order_by=value&sort_by=desc&currency=EUR&page=0&size=24',
  '/v1/collection?order_by=value&sort_by=asc&currency=USD&page=10&size=24',
  '/v1/collection?value=gt(20)&order_by=value&sort_by=desc&currency=EUR&page=0&size=24',
];

/** Spreads a collector's entries over the catalogue: every printing once, then again in other conditions. */
function collectionOf(printingIds: string[], count: number, offset: number): NewEntry[] {
  return Array.from({ length: count }, (_, index) => {
    const at = (index * 7 + offset) % printingIds.length;
    const round = Math.floor((index * 7 + offset) / printingIds.length);
    return { printingId: printingIds[at]!, condition: collectionConditions[round % collectionConditions.length]!, quantity: 1 + (index % 4) };
  });
}

async function measure(base: string, paths: string[], headers: Record<string, string>) {
  for (const path of paths) {
    const response = await fetch(base + path, { headers });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  }
  const latencies: number[] = [];
  const byPath = paths.map(() => [] as number[]);
  for (let i = 0; i < sequentialRequests; i++) {
    const start = performance.now();
    const response = await fetch(base + paths[i % paths.length]!, { headers });
    await response.arrayBuffer();
    const took = performance.now() - start;
    latencies.push(took);
    byPath[i % paths.length]!.push(took);
  }
  latencies.sort((a, b) => a - b);
  const perQuery = paths.map((path, q) => {
    const sorted = byPath[q]!.sort((a, b) => a - b);
    return { path, p50Ms: Number(percentile(sorted, 50).toFixed(2)), p99Ms: Number(percentile(sorted, 99).toFixed(2)) };
  });
  const load = await autocannon({ url: base, connections, duration: loadSeconds, headers, requests: paths.map((path) => ({ method: 'GET', path })) });
  return {
    sequential: { requests: sequentialRequests, p50Ms: Number(percentile(latencies, 50).toFixed(2)), p99Ms: Number(percentile(latencies, 99).toFixed(2)), perQuery },
    load: {
      connections,
      seconds: loadSeconds,
      requestsPerSecond: Math.round(load.requests.average),
      p50Ms: load.latency.p50,
      p99Ms: load.latency.p99,
      non2xx: load.non2xx,
      errors: load.errors,
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function benchBackend(name: string, database: DatabaseOptions, catalog: unknown) {
  const config = readConfig({ STATIC_DIR: '/nonexistent', INDEX_IMAGES: 'false' });
  const app = await buildApp({ config, database });
  try {
    const importStart = performance.now();
    const imported = await importCatalog(app.db, readTcgdexFile(catalog));
    const importSeconds = (performance.now() - importStart) / 1000;
    await sql`analyze`.execute(app.db);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });

    const catalogue = parts.has('catalog') ? await measure(base, queries, {}) : undefined;

    const collection = parts.has('collection') ? await measureCollection(app, base, config) : undefined;
    const result = { backend: name, printings: imported.printings, importSeconds: Number(importSeconds.toFixed(1)), ...catalogue, collection };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await app.close();
  }
}

/**
 * Prices as a refresh writes them, without the API: four printings in five priced in both
 * currencies (a stable amount from the id's hash), and a history row on five days of the last
 * month for each price.
 */
async function seedPrices(db: Awaited<ReturnType<typeof buildApp>>['db']) {
  await sql`
    update printing set
      price_eur = (abs(hashtext(id)) % 10000) / 100.0, price_eur_updated = now(),
      price_usd = (abs(hashtext(id || 'usd')) % 12000) / 100.0, price_usd_updated = now()
    where abs(hashtext(id)) % 5 <> 0`.execute(db);
  // The entries' copies, as the price writer keeps them.
  await sql`
    update collection_entry set price_eur = printing.price_eur, price_usd = printing.price_usd
    from printing where printing.id = collection_entry.printing_id`.execute(db);
  for (const [currency, column] of [['EUR', 'price_eur'], ['USD', 'price_usd']] as const) {
    await sql`
      insert into printing_price_history (printing_id, currency, day, amount)
      select id, ${currency}, current_date - d, round(${sql.ref(column)} * (1 + d / 100.0), 2)
      from printing cross join generate_series(0, 28, 7) as d
      where ${sql.ref(column)} is not null`.execute(db);
  }
}

/** One collector's entries among other collectors', then the Collection screen's requests as that collector. */
async function measureCollection(app: Awaited<ReturnType<typeof buildApp>>, base: string, config: ReturnType<typeof readConfig>) {
  const ids = (await app.db.selectFrom('printing').select('id').orderBy('id').execute()).map((row) => row.id);
  const repository = createCollectionRepository(app.db);
  const max = serverSettings.collection.maxQuantity.value;
  for (let other = 1; other <= otherCollectors; other++) await repository.importAll(`bench-other-${other}`, collectionOf(ids, otherEntries, other * 13), max, 500);
  await repository.importAll('bench-collector', collectionOf(ids, collectionEntries, 0), max, 500);
  await seedPrices(app.db);
  await sql`analyze`.execute(app.db);
  const token = await (await tokenMinter(app.db, config.identity.issuer))('bench-collector', 3600);
  const collection = await measure(base, collectionQueries, { authorization: `Bearer ${token}` });
  return { entries: collectionEntries, otherEntries: otherCollectors * otherEntries, ...collection };
}

const catalog = generateCatalog(printings);
const results = backends.has('pglite') ? [await benchBackend('pglite', { kind: 'pglite' }, catalog)] : [];
const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (url && backends.has('postgres')) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  try {
    results.push(await benchBackend('postgres', { kind: 'postgres', url, schema }, catalog));
  } finally {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
} else if (backends.has('postgres')) {
  console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it.');
}
for (const r of results) {
  console.log(`${r.backend}, one request at a time, per query:`);
  const perQuery = [...(r.sequential?.perQuery ?? []), ...(r.collection?.sequential.perQuery ?? [])];
  console.table(perQuery.map((q) => ({ query: decodeURIComponent(q.path), 'p50 ms': q.p50Ms, 'p99 ms': q.p99Ms })));
}
mkdirSync('bench/out', { recursive: true });
writeFileSync('bench/out/catalog.json', `${JSON.stringify({ date: new Date().toISOString(), queries, collectionQueries, results }, null, 2)}\n`);
const catalogueRuns = results.flatMap((r) => (r.sequential && r.load ? [{ backend: r.backend, printings: r.printings, importSeconds: r.importSeconds, sequential: r.sequential, load: r.load }] : []));
const collectionRuns = results.flatMap((r) => (r.collection ? [{ backend: r.backend, ...r.collection }] : []));
if (catalogueRuns.length > 0) {
  console.table(
    catalogueRuns.map((r) => ({
      backend: r.backend,
      printings: r.printings,
      'import s': r.importSeconds,
      'p50 ms': r.sequential.p50Ms,
      'p99 ms': r.sequential.p99Ms,
      [`req/s (${connections} conn)`]: r.load.requestsPerSecond,
      'load p50 ms': r.load.p50Ms,
      'load p99 ms': r.load.p99Ms,
    })),
  );
}
if (collectionRuns.length > 0) {
  console.table(
    collectionRuns.map((r) => ({
      backend: r.backend,
      'collection entries': r.entries,
      'p50 ms': r.sequential.p50Ms,
      'p99 ms': r.sequential.p99Ms,
      [`req/s (${connections} conn)`]: r.load.requestsPerSecond,
      'load p50 ms': r.load.p50Ms,
      'load p99 ms': r.load.p99Ms,
    })),
  );
}
