import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../bench/catalog/generate-catalog.ts';
import { seededRandom } from '../../../fixtures/identify/seeded-random.ts';
import { buildTestApp, testBackends, type TestApp } from '../../test-support/test-database.ts';
import { fingerprintVersion, hashWords, stripSize, textSize, thumbnailSize, type CardFingerprint } from '../describe/card-fingerprint.ts';
import type { FingerprintIndex } from '../search/fingerprint-index.ts';
import { createFingerprintRepository, type FingerprintRepository } from './fingerprint-repository.ts';
import { refreshIndex, type LoadedIndex } from './refresh-index.ts';

function randomFingerprint(random: () => number): CardFingerprint {
  const bytes = (length: number) => Uint8Array.from({ length }, () => Math.floor(random() * 256));
  return {
    hashes: new Uint32Array(bytes(hashWords * 4).buffer),
    thumbnail: bytes(thumbnailSize.width * thumbnailSize.height),
    strip: bytes(stripSize.width * stripSize.height),
    text: bytes(textSize.width * textSize.height),
  };
}

function expectSameIndex(actual: FingerprintIndex, expected: FingerprintIndex): void {
  expect(actual.printings).toEqual(expected.printings);
  for (const array of ['words', 'centred', 'inverseNorms', 'typicalCard', 'thumbnailSums'] as const) {
    expect([...actual.shared[array]], array).toEqual([...expected.shared[array]]);
  }
}

describe.each(testBackends())('reading only what changed on $name', (backend) => {
  let test: TestApp;
  let repository: FingerprintRepository;

  beforeAll(async () => {
    test = await buildTestApp(backend, { catalog: generateCatalog(300) });
    repository = createFingerprintRepository(test.app.db);
  });

  afterAll(async () => {
    await test?.close();
  });

  it('equals a whole read after any sequence of saves, new images, renames and removals', async () => {
    const db = test.app.db;
    const random = seededRandom(20_240_611);
    const pick = <T>(items: T[]): T | undefined => items[Math.floor(random() * items.length)];
    const printingIds = async () => (await db.selectFrom('printing').select('id').execute()).map((row) => row.id);
    const indexedIds = async () => (await db.selectFrom('printing_fingerprint').select('printing_id').execute()).map((row) => row.printing_id);
    const save = async (ids: string[]) => repository.save(ids.map((printingId) => ({ printingId, image: `https://images.test/${printingId}/${random()}`, fingerprint: randomFingerprint(random) })));

    const steps: Record<string, () => Promise<unknown>> = {
      add: async () => {
        const indexed = new Set(await indexedIds());
        const fresh = (await printingIds()).filter((id) => !indexed.has(id));
        return save([...new Set([pick(fresh), pick(fresh)])].filter((id): id is string => id !== undefined));
      },
      'new image': async () => save([pick(await indexedIds())].filter((id): id is string => id !== undefined)),
      'older version': async () => {
        const id = pick(await indexedIds());
        if (id) await db.updateTable('printing_fingerprint').set({ algorithm: fingerprintVersion - 1 }).where('printing_id', '=', id).execute();
      },
      'rename printing': async () => {
        const id = pick(await printingIds());
        if (id) await db.updateTable('printing').set({ name: `Renamed ${random()}` }).where('id', '=', id).execute();
      },
      'rename set': async () => {
        const set = pick(await db.selectFrom('card_set').select('id').execute());
        if (set) await db.updateTable('card_set').set({ name: `Set ${random()}`, code: `S${Math.floor(random() * 100)}` }).where('id', '=', set.id).execute();
      },
      'import unchanged rows': async () => sql`update printing set imported_at = now()`.execute(db),
      'remove printing': async () => {
        const id = pick(await printingIds());
        if (id) await db.deleteFrom('printing').where('id', '=', id).execute();
      },
      nothing: async () => {},
    };
    const names = Object.keys(steps);

    let loaded: LoadedIndex = await refreshIndex(db, undefined, 1);
    const reads = { whole: 0, changes: 0 };
    for (let step = 0; step < 60; step++) {
      const name = step < 6 ? 'add' : pick(names)!;
      await steps[name]!();
      loaded = await refreshIndex(db, loaded, 1);
      reads[loaded.read] += 1;
      expectSameIndex(loaded.index, await repository.loadIndex());
    }
    expect(loaded.index.size).toBeGreaterThan(0);
    expect(reads.changes).toBeGreaterThan(reads.whole);
  });

  it('reads whole when more than the given share of the index changed', async () => {
    const db = test.app.db;
    const { todo } = await repository.printingsToIndex({ force: false });
    const random = seededRandom(7);
    await repository.save(todo.slice(0, 20).map((printing) => ({ ...printing, fingerprint: randomFingerprint(random) })));
    const loaded = await refreshIndex(db, undefined, 0.01);
    expect(loaded.index.size).toBeGreaterThan(0);
    await sql`update card_set set name = name || ' again'`.execute(db);
    const after = await refreshIndex(db, loaded, 0.01);
    expect(after.read).toBe('whole');
    expectSameIndex(after.index, await repository.loadIndex());
  });
});
