import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createCollectionRepository } from '../../collection/collection-repository.ts';
import { migrate } from '../../db/migrate.ts';
import { openDatabase, type Database } from '../../db/open-database.ts';
import { readFixtureJson, smallCatalogPath, testBackends } from '../../test-support/test-database.ts';
import { importCatalog } from './import-catalog.ts';
import { importEverything } from './import-everything.ts';
import { readTcgdexApi } from './read-tcgdex-api.ts';
import { readTcgdexFile } from './read-tcgdex-file.ts';
import { seedCatalogFile, seedIfEmpty } from './seed-if-empty.ts';

interface Fixture {
  sets: Array<Record<string, unknown> & { id: string; language: string; code: string }>;
  cards: Array<Record<string, unknown> & { id: string; language: string; setId: string; variants: Record<string, boolean> }>;
}

const fixture = () => structuredClone(readFixtureJson()) as Fixture;

/**
 * A test double of the TCGdex REST API v2 (a service we do not run here), serving the fixture as it
 * does: set list, set with card briefs, one card. `flaky` paths fail once, `broken` ones always;
 * `requested` records every path asked for.
 */
function tcgdexApiServer(data: Fixture, flaky: Set<string>, broken = new Set<string>(), requested: string[] = []): Server {
  return createServer((request, response) => {
    const url = request.url ?? '';
    requested.push(url);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (flaky.delete(url) || broken.has(url)) return send(503, { error: 'try again' });
    const [, lang, kind, id] = url.split('/').map(decodeURIComponent);
    const sets = data.sets.filter((set) => set.language === lang);
    const cards = data.cards.filter((card) => card.language === lang);
    if (kind === 'sets' && id === undefined) return send(200, sets.map(({ id, name, logo, symbol }) => ({ id, name, logo, symbol })));
    if (kind === 'sets') {
      const set = sets.find((entry) => entry.id === id);
      if (!set) return send(404, { error: 'not found' });
      const { code, language: _language, ...rest } = set;
      return send(200, {
        ...rest,
        abbreviation: { official: code },
        cards: cards.filter((card) => card.setId === id).map(({ id, localId, name, image }) => ({ id, localId, name, image })),
      });
    }
    if (kind === 'cards') {
      const card = cards.find((entry) => entry.id === id);
      if (!card) return send(404, { error: 'not found' });
      const { setId, language: _language, ...rest } = card;
      return send(200, { ...rest, set: { id: setId } });
    }
    send(404, { error: 'not found' });
  });
}

describe.each(testBackends())('catalogue import on $name', (backend) => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const opened = backend.open();
    drop = opened.drop;
    db = await openDatabase(opened.options);
  });
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });
  afterEach(async () => {
    await db.deleteFrom('collection_entry').execute();
    await db.deleteFrom('card_set').execute();
  });

  const snapshot = async () => ({
    sets: await db.selectFrom('card_set').selectAll().orderBy('id').execute(),
    printings: await db.selectFrom('printing').selectAll().orderBy('id').execute(),
  });
  const withoutTimes = (rows: Awaited<ReturnType<typeof snapshot>>) => ({
    sets: rows.sets.map(({ imported_at: _time, ...row }) => row),
    printings: rows.printings.map(({ imported_at: _time, ...row }) => row),
  });

  /** Each set's printings by name, as the importer counted them and as the printings are. */
  const nameCounts = async () => ({
    written: await db.selectFrom('printing_name_count').select(['set_id', 'name_fold', 'printings']).orderBy('set_id').orderBy('name_fold').execute(),
    counted: await db
      .selectFrom('printing')
      .select(['set_id', 'name_fold', sql<number>`count(*)::int`.as('printings')])
      .groupBy(['set_id', 'name_fold'])
      .orderBy('set_id').orderBy('name_fold')
      .execute(),
  });

  it('has applied the numbered migrations once, and applies nothing the second time', async () => {
    const applied = await db.selectFrom('schema_migration').select(['version', 'name']).orderBy('version').execute();
    expect(applied[0]).toEqual({ version: 1, name: 'catalog' });
    expect(await migrate(db)).toEqual([]);
  });

  it('writes one printing per available variant and is idempotent', async () => {
    const first = await importCatalog(db, readTcgdexFile(fixture()));
    expect(first).toEqual({ sets: 3, printings: 9, added: 9, changed: 0, unchanged: 0, removed: 0, keptOwned: 0 });
    const before = withoutTimes(await snapshot());
    expect(before.printings.filter((row) => row.card_id === 'alpha-1' && row.language === 'en').map((row) => row.variant)).toEqual([
      'normal',
      'reverse',
    ]);

    const second = await importCatalog(db, readTcgdexFile(fixture()));
    expect(second).toEqual({ sets: 3, printings: 9, added: 0, changed: 0, unchanged: 9, removed: 0, keptOwned: 0 });
    expect(withoutTimes(await snapshot())).toEqual(before);
  });

  it('updates changed cards and removes printings the source no longer has', async () => {
    await importCatalog(db, readTcgdexFile(fixture()));
    const changed = fixture();
    const pikachu = changed.cards.find((card) => card.id === 'alpha-1' && card.language === 'en')!;
    pikachu.variants.reverse = false;
    changed.cards.find((card) => card.id === 'alpha-2' && card.language === 'en')!.name = 'Raichu δ';
    expect(await importCatalog(db, readTcgdexFile(changed))).toEqual({ sets: 3, printings: 8, added: 0, changed: 1, unchanged: 7, removed: 1, keptOwned: 0 });
    const rows = (await snapshot()).printings;
    expect(rows).toHaveLength(8);
    expect(rows.find((row) => row.id === 'en-alpha-2-holo')).toMatchObject({ name: 'Raichu δ', name_fold: 'raichu δ' });
    expect(rows.some((row) => row.id === 'en-alpha-1-reverse')).toBe(false);
    const names = await nameCounts();
    expect(names.written).toContainEqual({ set_id: 'en-alpha', name_fold: 'raichu δ', printings: 1 });
    expect(names.written).toEqual(names.counted);
  });

  it('keeps a printing the source no longer lists while a collector owns it, and says so', async () => {
    await importCatalog(db, readTcgdexFile(fixture()));
    await createCollectionRepository(db).add('casey', { printingId: 'en-alpha-1-reverse', condition: 'near_mint', quantity: 1 }, 1);
    const changed = fixture();
    changed.cards.find((card) => card.id === 'alpha-1' && card.language === 'en')!.variants.reverse = false;
    expect(await importCatalog(db, readTcgdexFile(changed))).toMatchObject({ removed: 0, keptOwned: 1 });
    expect((await snapshot()).printings.some((row) => row.id === 'en-alpha-1-reverse')).toBe(true);
  });

  it('renames an owned printing in its entries too, and refuses an entry whose copy differs', async () => {
    await importCatalog(db, readTcgdexFile(fixture()));
    await createCollectionRepository(db).add('casey', { printingId: 'en-alpha-2-holo', condition: 'near_mint', quantity: 1 }, 1);
    const changed = fixture();
    changed.cards.find((card) => card.id === 'alpha-2' && card.language === 'en')!.name = 'Raichu δ';
    await importCatalog(db, readTcgdexFile(changed));
    expect(await db.selectFrom('collection_entry').select(['printing_id', 'name_fold']).execute()).toEqual([{ printing_id: 'en-alpha-2-holo', name_fold: 'raichu δ' }]);
    const stale = { owner: 'casey', printing_id: 'en-alpha-2-holo', set_id: 'en-alpha', card_id: 'alpha-2', language: 'en', name_fold: 'raichu', condition: 'damaged', quantity: 1 } as const;
    await expect(db.insertInto('collection_entry').values(stale).execute()).rejects.toThrow(/foreign key/);
  });

  it("keeps each set's count of distinct cards and of printings as imports add, remove and keep printings", async () => {
    const counts = async () =>
      Object.fromEntries(
        (await db.selectFrom('card_set').select(['id', 'card_count_catalogue', 'printing_count']).execute()).map((row) => [row.id, [row.card_count_catalogue, row.printing_count]]),
      );
    await importCatalog(db, readTcgdexFile(fixture()));
    expect(await counts()).toEqual({ 'en-alpha': [3, 4], 'fr-alpha': [2, 3], 'en-beta': [2, 2] });

    await createCollectionRepository(db).add('casey', { printingId: 'en-beta-001-normal', condition: 'near_mint', quantity: 1 }, 1);
    const changed = fixture();
    changed.cards = changed.cards.filter((card) => !(card.language === 'en' && ['alpha-10', 'beta-001', 'beta-TG01'].includes(card.id)));
    changed.cards.find((card) => card.id === 'alpha-1' && card.language === 'en')!.variants.reverse = false;
    await importCatalog(db, readTcgdexFile(changed));
    // alpha-10 is gone; beta-001 is kept because casey owns it; one variant less is one printing less.
    expect(await counts()).toEqual({ 'en-alpha': [2, 2], 'fr-alpha': [2, 3], 'en-beta': [1, 1] });
    const names = await nameCounts();
    expect(names.written).toEqual(names.counted);
  });

  it('reads the TCGdex REST API, retrying a failed request, into the same rows as the file', async () => {
    await importCatalog(db, readTcgdexFile(fixture()));
    const fromFile = withoutTimes(await snapshot());
    await db.deleteFrom('card_set').execute();

    const server = tcgdexApiServer(fixture(), new Set(['/en/sets/alpha', '/fr/cards/alpha-2']));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const source = await readTcgdexApi({ baseUrl: `http://127.0.0.1:${port}/`, languages: ['en', 'fr'], retryDelayMs: 1 });
      expect(source.size).toBe(3);
      expect(await importCatalog(db, source)).toMatchObject({ sets: 3, printings: 9, added: 9, removed: 0 });
    } finally {
      server.close();
    }
    expect(withoutTimes(await snapshot())).toEqual(fromFile);
  });

  it('imports every language, resumes an interrupted run without reading its sets again, and says what changed', async () => {
    await importCatalog(db, readTcgdexFile(fixture()));
    const fromFile = withoutTimes(await snapshot());
    await db.deleteFrom('card_set').execute();

    const broken = new Set(['/fr/sets/alpha']);
    const requested: string[] = [];
    const server = tcgdexApiServer(fixture(), new Set(), broken, requested);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      // 'de' is a language the API does not serve here: it has no sets, rather than failing the run.
      const everything = () => importEverything(db, { baseUrl, languages: ['en', 'fr', 'de'], retryDelayMs: 1 });
      await expect(everything()).rejects.toThrow('/fr/sets/alpha answered 503');
      const englishSets = (await snapshot()).sets.length;
      expect(englishSets).toBeGreaterThan(0);

      broken.clear();
      requested.length = 0;
      const resumed = await everything();
      expect(resumed.resumedFrom).toBeInstanceOf(Date);
      expect(resumed.alreadyImported).toBe(englishSets);
      expect(requested.filter((path) => /^\/en\/(sets|cards)\/./.test(path))).toEqual([]);
      expect(withoutTimes(await snapshot())).toEqual(fromFile);

      const again = await everything();
      expect(again).toMatchObject({ resumedFrom: undefined, sets: 3, printings: 9, added: 0, changed: 0, unchanged: 9, removed: 0, keptOwned: 0 });
    } finally {
      server.close();
    }
  });

  it('seeds an empty catalogue once', async () => {
    expect(await seedIfEmpty(db, smallCatalogPath)).toMatchObject({ sets: 3, printings: 9, added: 9 });
    expect(await seedIfEmpty(db, smallCatalogPath)).toBeUndefined();
  });
});

describe('catalogue sources', () => {
  it('reads the bundled demo catalogue: 10 sets, 2,174 cards', async () => {
    const { readFile } = await import('node:fs/promises');
    const source = readTcgdexFile(JSON.parse(await readFile(seedCatalogFile, 'utf8')));
    let cards = 0;
    for await (const batch of source.batches) cards += batch.cards.length;
    expect(source.size).toBe(10);
    expect(cards).toBe(2174);
  });

  it.each([
    [{}, 'expected a JSON object with "sets" and "cards" arrays'],
    [{ sets: [{ id: 'x' }], cards: [] }, 'a set has no language'],
    [{ sets: [], cards: [{ id: 'x-1', language: 'en', setId: 'x', name: 'X' }] }, "card 'x-1' belongs to set 'x' (en), which the file does not list"],
  ])('explains what is wrong with a malformed file: %j', (json, message) => {
    expect(() => readTcgdexFile(json)).toThrow(message);
  });

  it('imports from the command line, twice without harm', async () => {
    const { spawnSync } = await import('node:child_process');
    const dataDir = mkdtempSync(join(tmpdir(), 'card-lens-import-'));
    try {
      const file = join(dataDir, 'catalog.json');
      writeFileSync(file, JSON.stringify(readFixtureJson()));
      for (let run = 0; run < 2; run++) {
        const result = spawnSync('npx', ['tsx', 'server/catalog/import/import-cli.ts', file], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
        });
        expect(result.status, result.stderr).toBe(0);
        expect(result.stderr).toContain(`3 sets, 9 printings: ${run === 0 ? '9 added, 0 changed, 0 unchanged' : '0 added, 0 changed, 9 unchanged'}, 0 removed`);
      }
      const missing = spawnSync('npx', ['tsx', 'server/catalog/import/import-cli.ts', join(dataDir, 'nope.json')], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain('Import failed: no such file');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
