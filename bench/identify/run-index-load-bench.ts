// `npm run bench:index-load [-- --printings 100000 --added 100]`: how long a server takes to read the
// fingerprint index at start, and the memory it holds, then how long a reload takes after `--added`
// more printings were fingerprinted: reading only those against reading the whole index again, on
// PGlite and (BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. The catalogue is generated; its
// fingerprints are random bytes of the real sizes, which is all that reading and holding them depends on.
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
import { refreshIndex } from '../../server/vision/catalog-index/refresh-index.ts';

const { values } = parseArgs({ options: { printings: { type: 'string', default: '100000' }, added: { type: 'string', default: '100' }, loads: { type: 'string', default: '3' } } });
const printings = Number(values.printings);
const added = Number(values.added);
const megabytes = (bytes: number) => Math.round(bytes / 2 ** 20);
const seconds = (ms: number) => Number((ms / 1000).toFixed(3));
const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

async function benchBackend(name: string, options: DatabaseOptions) {
  const db = await openDatabase(options);
  try {
    // The last `added` printings are left unindexed, to be fingerprinted between two reads.
    await importCatalog(db, readTcgdexFile(generateCatalog(printings + added)));
    const repository = createFingerprintRepository(db);
    const { todo } = await repository.printingsToIndex({ force: false });
    const bytes = (length: number) => new Uint8Array(randomBytes(length));
    const fingerprintAll = async (rows: typeof todo) => {
      for (let start = 0; start < rows.length; start += 500) {
        await repository.save(
          rows.slice(start, start + 500).map((printing) => ({
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
    };
    const later = todo.slice(todo.length - added);
    await fingerprintAll(todo.slice(0, todo.length - added));
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

    // A reload after `added` printings were fingerprinted: only what changed, then the whole index (a setting of 0 forces it).
    const held = await refreshIndex(db, undefined, 1);
    await fingerprintAll(later);
    let start = performance.now();
    const changed = await refreshIndex(db, held, 1);
    const changesMs = performance.now() - start;
    if (changed.read !== 'changes' || changed.index.size !== size + added) throw new Error(`expected ${size + added} printings read as changes, got ${changed.index.size} read ${changed.read}`);
    start = performance.now();
    const whole = await refreshIndex(db, held, 0);
    const wholeMs = performance.now() - start;
    if (whole.read !== 'whole' || whole.index.size !== changed.index.size) throw new Error('the whole read differs in size');
    return {
      backend: name,
      printings: size,
      'load s (median)': seconds(median(times)),
      'index MB held': megabytes(heldBytes),
      [`reload +${added}: changes s`]: seconds(changesMs),
      [`reload +${added}: whole s`]: seconds(wholeMs),
      // Both indexes are held until the workers move to the new one; the new one shares the printings' descriptions.
      'arrays MB copied': megabytes(Object.values(changed.index.shared).reduce((sum, part) => sum + (ArrayBuffer.isView(part) ? part.byteLength : 0), 0)),
      'RSS MB after': megabytes(process.memoryUsage().rss),
    };
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
