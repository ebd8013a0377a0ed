// `npm run bench:catalog:text-search` (PostgreSQL at BENCH_DATABASE_URL or TEST_DATABASE_URL): what the
// trigram indexes of migration 0008 earn. 100,000 generated printings; the same requests timed with
// the indexes and without them, in alternating rounds so a busy machine weighs on both alike.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { importCatalog } from '../../server/catalog/import/import-catalog.ts';
import { readTcgdexFile } from '../../server/catalog/import/read-tcgdex-file.ts';
import { readConfig } from '../../server/env.ts';
import { generateCatalog } from './generate-catalog.ts';
const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL database.');
const schema = `bench_text_${Date.now()}`;
const app = await buildApp({ config: readConfig({ STATIC_DIR: '/nonexistent', INDEX_IMAGES: 'false' }), database: { kind: 'postgres', url, schema } });
await importCatalog(app.db, readTcgdexFile(generateCatalog(100_000)));
await sql`analyze`.execute(app.db);
const paths = ['/v1/cards?name=ci(contains(pika))&order_by=name&sort_by=asc&page=0&size=24', '/v1/cards?name=ci(contains(chu))&order_by=name&sort_by=asc&page=0&size=24', '/v1/cards?illustrator=ci(contains(ator c2))&order_by=localId&sort_by=desc&page=0&size=24'];
async function time(path: string) { const t = performance.now(); const r = await app.inject({ url: path }); if (r.statusCode !== 200) throw new Error(r.body); return performance.now() - t; }
const results: Record<string, Record<string, number[]>> = {};
for (let round = 0; round < 6; round++) {
  const withIndex = round % 2 === 0;
  if (withIndex) { await sql`create index if not exists printing_name_trgm_idx on printing using gin (name_fold public.gin_trgm_ops)`.execute(app.db); await sql`create index if not exists printing_illustrator_trgm_idx on printing using gin (illustrator_fold public.gin_trgm_ops)`.execute(app.db); }
  else { await sql`drop index if exists printing_name_trgm_idx`.execute(app.db); await sql`drop index if exists printing_illustrator_trgm_idx`.execute(app.db); }
  await sql`analyze printing`.execute(app.db);
  for (const path of paths) for (let i = 0; i < 40; i++) { ((results[path] ??= {})[withIndex ? 'trgm' : 'none'] ??= []).push(await time(path)); }
}
const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.ceil(xs.length * 0.99) - 1]!;
for (const [path, r] of Object.entries(results)) console.log(decodeURIComponent(path.split('?')[1]!.split('&')[0]!), 'trigram p50', med(r.trgm!).toFixed(1), 'p99', p99(r.trgm!).toFixed(1), '| no index p50', med(r.none!).toFixed(1), 'p99', p99(r.none!).toFixed(1), '| ratio p50', (med(r.none!) / med(r.trgm!)).toFixed(1));
await app.close();
const pg = (await import('pg')).default; const c = new pg.Client({ connectionString: url }); await c.connect(); await c.query(`drop schema ${schema} cascade`); await c.end();
