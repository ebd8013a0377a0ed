// `npm run bench:index-load [-- --printings 100000]`: how long a server takes to read the fingerprint
// index at start, and the memory it holds, on PGlite and (BENCH_DATABASE_URL or TEST_DATABASE_URL)
// PostgreSQL. The catalogue is generated; its fingerprints are random bytes of the real sizes, which
// is all that reading and holding them depends on.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { generateCatalog } from '../catalog/generate-catalog.ts';
import { importCatalog } from '../../server/catalog/import/import-catalog.ts';
import { readTcgdexFile } from '../../server/catalog/import/read-tcgdex-file.ts';
import type { DatabaseOptions } from '../../server/db/database-options.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { hashWords, stripSize, textSize, thumbnailSize } from '../../server/vision/describe/card-fingerprint.ts';
import { createFingerprintRepository } from '../../server/vision/catalog-index/fingerprint-repository.ts';

const { values } = parseArgs({ options: { printings: { type: 'string', default: '100000' }, loads: { type: 'string', default: '3' } } });
const printings = Number(values.printings);
const megabytes = (bytes: number) => Math.round(bytes / 2 ** 20);

async function benchBackend(name: string, options: DatabaseOptions) {
  const db = await openDatabase(options);
  try {
    await importCatalog(db, readTcgdexFile(generateCatalog(printings)));
    const repository = createFingerprintRepository(db);
    const { todo } = await repository.printingsToIndex({ force: false });
    const bytes = (length: number) => new Uint8Array(randomBytes(length));
    for (let start = 0; start < todo.length; start += 500) {
      await repository.save(
        todo.slice(start, start + 500).map((printing) => ({
          ...printing,
          fingerprint: {
            hashes: new Uint32Array(bytes(hashWords * 4).buffer),
            thumbnail: bytes(thumbnailSize.width * thumbnailSize.height),
            strip: bytes(stripSize.width * stripSize.height),
            text: bytes(textSize.width * textSize.height),
          },
        })),
      );
    }
    await sql`vacuum analyze`.execute(db);
    const times: number[] = [];
    let heldBytes = 0;
    let size = 0;
    for (let load = 0; load < Number(values.loads); load++) {
      global.gc?.();
      const before = process.memoryUsage();
      const start = performance.now();
      const index = await repository.loadIndex();
      times.push(performance.now() - start);
      global.gc?.();
      const after = process.memoryUsage();
      heldBytes = after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers;
      size = index.size;
    }
    times.sort((a, b) => a - b);
    return { backend: name, printings: size, 'load s (median)': Number((times[Math.floor(times.length / 2)]! / 1000).toFixed(2)), 'index MB held': megabytes(heldBytes), 'RSS MB after': megabytes(process.memoryUsage().rss) };
  } finally {
    await db.destroy();
  }
}

const rows = [await benchBackend('pglite', { kind: 'pglite' })];
const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (url) {
  const schema = `bench_load_${Date.now()}`;
  try {
    rows.push(await benchBackend('postgres', { kind: 'postgres', url, schema }));
  } finally {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
}
console.table(rows);
