import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { tokenMinter } from '../test-support/bearer-tokens.ts';
import { buildTestApp, readFixtureJson, testBackends, type TestApp } from '../test-support/test-database.ts';

interface EntryBody {
  id: string;
  printingId: string;
  condition: string;
  quantity: number;
  addedAt: string;
  added?: number;
  card: { id: string; name: string; variant: string; set: { id: string; name: string; language: string } };
}
interface PageBody<T> {
  content: T[];
  pageable: { page: number; size: number; total_elements: number; total_pages: number };
}
interface PreviewBody {
  rows: number;
  matchedRows: number;
  firstRows: Array<{ line: number; printingId: string; condition: string; quantity: number }>;
  problems: Array<{ line: number; message: string }>;
  totals: { cards: number; printings: number; entries: number };
}

describe.each(testBackends())('collection API on $name', (backend) => {
  let test: TestApp;
  let app: FastifyInstance;
  let mint: (subject: string) => Promise<string>;
  let user = 0;

  beforeAll(async () => {
    test = await buildTestApp(backend, { catalog: readFixtureJson() });
    app = test.app;
    mint = await tokenMinter(app.db);
  });
  afterAll(async () => {
    await test?.close();
  });

  /** A collector of their own for each test, so tests never see each other's cards. */
  async function newCollector() {
    const token = await mint(`collector-${++user}-${backend.name}`);
    const call = (options: InjectOptions) => app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });
    return {
      call,
      add: (body: object) => call({ method: 'POST', url: '/v1/collection', payload: body }),
      list: async (query: Record<string, string> = {}) => {
        const response = await call({ url: '/v1/collection', query });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<PageBody<EntryBody>>();
      },
      csv: (url: string, body: string, layout = 'generic') =>
        call({ method: 'POST', url, query: { layout }, headers: { 'content-type': 'text/csv' }, payload: body }),
      exportCsv: async (layout = 'generic') => {
        const response = await call({ url: '/v1/collection/export', query: { layout } });
        expect(response.statusCode, response.body).toBe(200);
        return response.body;
      },
    };
  }

  describe('adding', () => {
    it('adds a printing as Near Mint, one copy, and lists it with its card', async () => {
      const me = await newCollector();
      const response = await me.add({ printingId: 'en-alpha-1-reverse' });
      expect(response.statusCode).toBe(201);
      expect(response.json<EntryBody>()).toMatchObject({ printingId: 'en-alpha-1-reverse', condition: 'near_mint', quantity: 1, added: 1 });
      const page = await me.list();
      expect(page.pageable.total_elements).toBe(1);
      expect(page.content[0]).toMatchObject({
        printingId: 'en-alpha-1-reverse',
        quantity: 1,
        card: { name: 'Pikachu', variant: 'reverse', set: { id: 'en-alpha', name: 'Alpha Base', language: 'en' } },
      });
      expect(Date.parse(page.content[0]!.addedAt)).not.toBeNaN();
    });

    it('adding a printing already owned in that condition adds to its quantity; another condition is another entry', async () => {
      const me = await newCollector();
      await me.add({ printingId: 'en-alpha-2-holo', quantity: 2 });
      const again = await me.add({ printingId: 'en-alpha-2-holo', quantity: 3 });
      expect(again.statusCode).toBe(200);
      expect(again.json<EntryBody>()).toMatchObject({ quantity: 5, added: 3 });
      await me.add({ printingId: 'en-alpha-2-holo', condition: 'damaged' });
      const page = await me.list({ order_by: 'condition' });
      expect(page.content.map((entry) => [entry.condition, entry.quantity])).toEqual([
        ['near_mint', 5],
        ['damaged', 1],
      ]);
    });

    it('twenty adds of one card sent at once all count', async () => {
      const me = await newCollector();
      const responses = await Promise.all(Array.from({ length: 20 }, () => me.add({ printingId: 'fr-alpha-1-normal' })));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([...Array(19).fill(200), 201]);
      const page = await me.list();
      expect(page.content).toHaveLength(1);
      expect(page.content[0]!.quantity).toBe(20);
    });

    it.each([
      [{}, 400, "Missing body field 'printingId'"],
      [{ printingId: 'en-alpha-1-normal', condition: 'mint' }, 400, "Invalid body field 'condition': must be one of near_mint"],
      [{ printingId: 'en-alpha-1-normal', quantity: 0 }, 400, "Invalid body field 'quantity'"],
      [{ printingId: 'en-alpha-1-normal', quantity: 2.5 }, 400, "Invalid body field 'quantity'"],
      [{ printingId: 'en-alpha-1-normal', quantity: 10_000 }, 400, "Invalid body field 'quantity'"],
      [{ printingId: 'en-alpha-1\u0000' }, 400, "'printingId'"],
      [{ printingId: 'en-omega-1-normal' }, 404, "No printing 'en-omega-1-normal' in the catalogue"],
    ])('refuses %j with %i naming the problem', async (body, status, message) => {
      const me = await newCollector();
      const response = await me.add(body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ status, message: expect.stringContaining(message) });
    });

    it('refuses to go over the most copies an entry holds, keeping what was there', async () => {
      const me = await newCollector();
      await me.add({ printingId: 'en-alpha-10-normal', quantity: 9_999 });
      const response = await me.add({ printingId: 'en-alpha-10-normal' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: 'An entry holds at most 9999 copies' });
      expect((await me.list()).content[0]!.quantity).toBe(9_999);
    });
  });

  describe('changing and removing', () => {
    it('changes the quantity, then the condition, merging with an entry already in that condition', async () => {
      const me = await newCollector();
      const first = (await me.add({ printingId: 'en-alpha-1-normal', condition: 'lightly_played' })).json<EntryBody>();
      await me.add({ printingId: 'en-alpha-1-normal', quantity: 2 });
      const changed = await me.call({ method: 'PATCH', url: `/v1/collection/${first.id}`, payload: { quantity: 4 } });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<EntryBody>()).toMatchObject({ condition: 'lightly_played', quantity: 4 });
      const merged = await me.call({ method: 'PATCH', url: `/v1/collection/${first.id}`, payload: { condition: 'near_mint' } });
      expect(merged.statusCode, merged.body).toBe(200);
      expect(merged.json<EntryBody>()).toMatchObject({ condition: 'near_mint', quantity: 6 });
      expect((await me.list()).content.map((entry) => [entry.condition, entry.quantity])).toEqual([['near_mint', 6]]);
    });

    it('removes an entry and answers it, so adding it back undoes the removal', async () => {
      const me = await newCollector();
      const entry = (await me.add({ printingId: 'en-beta-TG01-normal', condition: 'lightly_played', quantity: 3 })).json<EntryBody>();
      const removed = await me.call({ method: 'DELETE', url: `/v1/collection/${entry.id}` });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({ id: entry.id, printingId: 'en-beta-TG01-normal', condition: 'lightly_played', quantity: 3 });
      expect((await me.list()).content).toEqual([]);
      expect((await me.call({ method: 'DELETE', url: `/v1/collection/${entry.id}` })).statusCode).toBe(404);
      const { printingId, condition, quantity } = removed.json<EntryBody>();
      expect((await me.add({ printingId, condition, quantity })).statusCode).toBe(201);
      expect((await me.list()).content).toMatchObject([{ printingId: 'en-beta-TG01-normal', condition: 'lightly_played', quantity: 3 }]);
    });

    it.each([
      [{}, "Invalid body field 'body': must NOT have fewer than 1 properties"],
      [{ quantity: -1 }, "Invalid body field 'quantity'"],
      [{ condition: 'poor' }, "Invalid body field 'condition'"],
    ])('a change %j answers 400', async (body, message) => {
      const me = await newCollector();
      const entry = (await me.add({ printingId: 'en-beta-TG01-normal' })).json<EntryBody>();
      const response = await me.call({ method: 'PATCH', url: `/v1/collection/${entry.id}`, payload: body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    });

    it('an entry id that is not one answers 400', async () => {
      const me = await newCollector();
      const response = await me.call({ method: 'DELETE', url: '/v1/collection/42' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain("Invalid path parameter 'id'");
    });
  });

  describe('each collector sees only their own cards', () => {
    it('another collector neither lists, changes, removes nor counts my entries', async () => {
      const me = await newCollector();
      const other = await newCollector();
      const mine = (await me.add({ printingId: 'en-alpha-2-holo', quantity: 3 })).json<EntryBody>();
      expect((await other.list()).content).toEqual([]);
      for (const response of [
        await other.call({ method: 'PATCH', url: `/v1/collection/${mine.id}`, payload: { quantity: 1 } }),
        await other.call({ method: 'DELETE', url: `/v1/collection/${mine.id}` }),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ status: 404, error: 'Not Found', code: 'not_found', message: 'No such entry in your collection' });
      }
      expect((await other.call({ url: '/v1/collection/totals' })).json()).toEqual({ cards: 0, printings: 0, entries: 0 });
      expect((await other.call({ url: '/v1/collection/sets' })).json()).toEqual({ sets: [] });
      expect(await other.exportCsv()).not.toContain('en-alpha-2-holo');
      expect((await me.list()).content[0]).toMatchObject({ id: mine.id, quantity: 3 });
    });

    it('without a token every route answers 401', async () => {
      for (const [method, url] of [['GET', '/v1/collection'], ['POST', '/v1/collection'], ['GET', '/v1/collection/export'], ['GET', '/v1/collection/sets']] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, url).toBe(401);
        expect(response.json()).toMatchObject({ status: 401, message: 'A bearer access token is required' });
      }
    });
  });

  describe('listing', () => {
    it('filters, sorts and pages like /v1/cards, and totals count copies and printings', async () => {
      const me = await newCollector();
      await me.add({ printingId: 'en-alpha-1-normal', quantity: 2 });
      await me.add({ printingId: 'en-alpha-1-reverse' });
      await me.add({ printingId: 'fr-alpha-2-holo', condition: 'heavily_played' });
      await me.add({ printingId: 'en-beta-TG01-normal', quantity: 4 });
      const pikachus = await me.list({ name: 'ci(contains(pika))', order_by: 'id' });
      expect(pikachus.content.map((entry) => entry.printingId)).toEqual(['en-alpha-1-normal', 'en-alpha-1-reverse']);
      expect((await me.list({ quantity: 'gte(2)', order_by: 'quantity', sort_by: 'desc' })).content.map((entry) => entry.quantity)).toEqual([4, 2]);
      expect((await me.list({ condition: 'eq(heavily_played)' })).content.map((entry) => entry.printingId)).toEqual(['fr-alpha-2-holo']);
      expect((await me.list({ 'set.language': 'eq(fr)' })).pageable.total_elements).toBe(1);
      const first = await me.list({ size: '3', order_by: 'name' });
      expect(first.pageable).toEqual({ page: 0, size: 3, total_elements: 4, total_pages: 2 });
      const second = await me.list({ size: '3', page: '1', order_by: 'name' });
      expect(new Set([...first.content, ...second.content].map((entry) => entry.id)).size).toBe(4);
      expect((await me.call({ url: '/v1/collection/totals' })).json()).toEqual({ cards: 8, printings: 4, entries: 4 });
    });

    it('sorts by name ignoring case and accents, then printing, then entry, and pages without repeating', async () => {
      const me = await newCollector();
      for (const [printingId, condition] of [
        ['en-alpha-2-holo', 'near_mint'],
        ['en-alpha-1-normal', 'near_mint'],
        ['fr-alpha-2-holo', 'near_mint'],
        ['en-beta-TG01-normal', 'near_mint'],
        ['en-alpha-1-normal', 'damaged'],
        ['fr-alpha-1-reverse', 'near_mint'],
        ['en-alpha-10-normal', 'near_mint'],
      ]) {
        await me.add({ printingId, condition });
      }
      const all = await me.list({ order_by: 'name', size: '100' });
      const twoOwned = all.content.filter((entry) => entry.printingId === 'en-alpha-1-normal').map((entry) => entry.id);
      expect(twoOwned).toEqual([...twoOwned].sort());
      expect(all.content.map((entry) => entry.printingId)).toEqual([
        'en-beta-TG01-normal',
        'en-alpha-1-normal',
        'en-alpha-1-normal',
        'fr-alpha-1-reverse',
        'en-alpha-10-normal',
        'en-alpha-2-holo',
        'fr-alpha-2-holo',
      ]);
      for (const sort_by of ['asc', 'desc']) {
        const whole = (await me.list({ order_by: 'name', sort_by, size: '100' })).content.map((entry) => entry.id);
        const pages = await Promise.all([0, 1, 2, 3].map((page) => me.list({ order_by: 'name', sort_by, size: '2', page: String(page) })));
        expect(pages.flatMap((page) => page.content.map((entry) => entry.id))).toEqual(whole);
        expect(whole).toEqual(sort_by === 'asc' ? all.content.map((entry) => entry.id) : all.content.map((entry) => entry.id).reverse());
      }
    });

    it.each([
      [{ name: 'eq(Pikachu)' }, 3],
      [{ name: 'eq(pikachu)' }, 0],
      [{ name: 'ci(eq(pikachu))' }, 3],
      [{ name: 'not(ci(contains(chu)))' }, 2],
      [{ name: 'or(ci(eq(eclair)),eq(Raichu))' }, 3],
      [{ name: 'ci(contains(chu))', order_by: 'set.name' }, 5],
      [{ code: 'eq(alpha-1)' }, 3],
      [{ id: 'eq(en-alpha-1-normal)', order_by: 'hp' }, 2],
      [{ 'set.id': 'eq(fr-alpha)' }, 2],
      [{ 'set.language': 'eq(fr)', order_by: 'name' }, 2],
      [{ 'set.name': 'ci(contains(beta))', condition: 'eq(near_mint)' }, 1],
    ])('filters %j on the card, counting what it lists', async (query, count) => {
      const me = await newCollector();
      for (const [printingId, condition] of [
        ['en-alpha-1-normal', 'near_mint'],
        ['en-alpha-1-normal', 'damaged'],
        ['fr-alpha-1-reverse', 'near_mint'],
        ['en-alpha-2-holo', 'near_mint'],
        ['fr-alpha-2-holo', 'near_mint'],
        ['en-alpha-10-normal', 'near_mint'],
        ['en-beta-TG01-normal', 'near_mint'],
      ]) {
        await me.add({ printingId, condition });
      }
      const page = await me.list({ size: '100', ...query });
      expect(page.content).toHaveLength(count);
      expect(page.pageable.total_elements).toBe(count);
    });

    it.each([
      [{ colour: 'eq(red)' }, "Unknown query parameter 'colour'"],
      [{ quantity: 'contains(2)' }, "Invalid filter for 'quantity'"],
      [{ name: 'eq(' }, "Invalid filter for 'name'"],
      [{ order_by: 'price' }, "Invalid query parameter 'order_by'"],
      [{ size: '1000' }, "Invalid query parameter 'size'"],
    ])('a bad list query %j answers 400', async (query, message) => {
      const me = await newCollector();
      const response = await me.call({ url: '/v1/collection', query });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    });
  });

  it('set completion counts each card once whatever its variants, and lists the printings owned in a set', async () => {
    const me = await newCollector();
    await me.add({ printingId: 'en-alpha-1-normal' });
    await me.add({ printingId: 'en-alpha-1-reverse', condition: 'damaged' });
    await me.add({ printingId: 'en-alpha-2-holo', quantity: 2 });
    await me.add({ printingId: 'en-beta-001-normal' });
    const { sets } = (await me.call({ url: '/v1/collection/sets' })).json();
    expect(sets).toEqual([
      { id: 'en-alpha', code: 'ALP', name: 'Alpha Base', language: 'en', owned: 2, total: 3, official: 3 },
      { id: 'en-beta', code: 'BET', name: 'Beta (Promo), Series', language: 'en', owned: 1, total: 2, official: 1 },
    ]);
    const owned = (await me.call({ url: '/v1/collection/sets/en-alpha' })).json();
    expect(owned).toEqual({
      setId: 'en-alpha',
      printings: [
        { printingId: 'en-alpha-1-normal', quantity: 1 },
        { printingId: 'en-alpha-1-reverse', quantity: 1 },
        { printingId: 'en-alpha-2-holo', quantity: 2 },
      ],
    });
  });

  describe('export and import', () => {
    async function collectionOf(me: Awaited<ReturnType<typeof newCollector>>) {
      const page = await me.list({ order_by: 'id', size: '100' });
      return page.content.map((entry) => ({ printingId: entry.printingId, condition: entry.condition, quantity: entry.quantity })).sort((a, b) => `${a.printingId}${a.condition}`.localeCompare(`${b.printingId}${b.condition}`));
    }

    it.each(['generic', 'tcgplayer', 'cardmarket'])('an export in the %s layout imported into another account gives the same collection', async (layout) => {
      const me = await newCollector();
      await me.add({ printingId: 'en-alpha-1-normal', quantity: 2 });
      await me.add({ printingId: 'en-alpha-1-reverse', condition: 'lightly_played' });
      await me.add({ printingId: 'fr-alpha-2-holo', condition: 'moderately_played', quantity: 3 });
      await me.add({ printingId: 'en-beta-001-normal', condition: 'heavily_played' });
      await me.add({ printingId: 'en-beta-TG01-normal', condition: 'damaged' });
      const file = await me.exportCsv(layout);
      const other = await newCollector();
      const preview = await other.csv('/v1/collection/import/preview', file, layout);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json<PreviewBody>()).toMatchObject({ rows: 5, problems: [], totals: { cards: 8, printings: 5 } });
      expect((await other.list()).content).toEqual([]);
      const applied = await other.csv('/v1/collection/import', file, layout);
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json()).toEqual({ imported: 5, cards: 8 });
      expect(await collectionOf(other)).toEqual(await collectionOf(me));
    });

    it('the generic layout keeps the date each card was first added', async () => {
      const me = await newCollector();
      const header = 'printing_id,condition,quantity,added_at\r\n';
      await me.csv('/v1/collection/import', `${header}en-alpha-1-normal,NM,1,2024-05-01T10:00:00.000Z\r\n`);
      expect((await me.list()).content[0]!.addedAt).toBe('2024-05-01T10:00:00.000Z');
      expect(await me.exportCsv()).toContain('2024-05-01T10:00:00.000Z');
    });

    it('reads TCGplayer rows by set name, number as printed and printing', async () => {
      const me = await newCollector();
      const file = [
        'Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,Condition,Language,Rarity,Product ID,SKU',
        '2,Pikachu,Pikachu,Alpha Base,001/003,,Reverse Holofoil,Near Mint Reverse Holofoil,English,Common,,',
        '1,"Pikachu (Promo), Gold",,"Beta (Promo), Series",001,,Normal,Lightly Played,English,,,',
      ].join('\n');
      const preview = (await me.csv('/v1/collection/import/preview', file, 'tcgplayer')).json<PreviewBody>();
      expect(preview.problems).toEqual([]);
      expect(preview.firstRows.map((row) => [row.line, row.printingId, row.condition, row.quantity])).toEqual([
        [2, 'en-alpha-1-reverse', 'near_mint', 2],
        [3, 'en-beta-001-normal', 'lightly_played', 1],
      ]);
    });

    it('reports by line every row it cannot match, and then imports none of the file', async () => {
      const me = await newCollector();
      const file = [
        'printing_id,condition,quantity',
        'en-alpha-1-normal,NM,1',
        'en-omega-9-normal,NM,1',
        'en-alpha-2-holo,mint,1',
        'en-alpha-2-holo,NM,many',
        'en-alpha-2-holo,NM',
      ].join('\r\n');
      const preview = await me.csv('/v1/collection/import/preview', file);
      expect(preview.statusCode).toBe(200);
      expect(preview.json<PreviewBody>().problems).toEqual([
        { line: 3, message: "no printing 'en-omega-9-normal' in the catalogue" },
        { line: 4, message: expect.stringContaining("condition 'mint' is not one of") },
        { line: 5, message: "quantity 'many' is not a whole number" },
        { line: 6, message: '2 fields where the header has 3' },
      ]);
      const applied = await me.csv('/v1/collection/import', file);
      expect(applied.statusCode).toBe(422);
      expect(applied.json()).toMatchObject({
        status: 422,
        message: "Line 3: no printing 'en-omega-9-normal' in the catalogue (and 3 more rows). Nothing was imported.",
        problems: expect.arrayContaining([{ line: 5, message: "quantity 'many' is not a whole number" }]),
      });
      expect((await me.list()).content).toEqual([]);
    });

    it('an import that would take an entry over the limit names the row and printing, and rolls back every row', async () => {
      const me = await newCollector();
      await me.add({ printingId: 'en-alpha-2-holo', quantity: 9_000 });
      const file = 'printing_id,condition,quantity\nen-alpha-1-normal,NM,1\nen-alpha-2-holo,NM,999\nen-alpha-2-holo,NM,999\n';
      const applied = await me.csv('/v1/collection/import', file);
      expect(applied.statusCode).toBe(422);
      expect(applied.json()).toMatchObject({ code: 'import_refused', problems: [{ line: 4, message: expect.stringContaining('you own 9000 and the file adds 1998') }] });
      expect(applied.json().message).toContain('Nothing was imported');
      expect((await me.list()).content.map((entry) => [entry.printingId, entry.quantity])).toEqual([['en-alpha-2-holo', 9_000]]);
    });

    it('rows of one printing summed into a new entry stay within the cap, and totals still answer', async () => {
      const me = await newCollector();
      const row = (id: string) => `${id},NM,9999\n`;
      const over = `printing_id,condition,quantity\n${row('en-alpha-1-normal').repeat(3)}`;
      const preview = await me.csv('/v1/collection/import/preview', over);
      expect(preview.json<PreviewBody>()).toMatchObject({ rows: 3, matchedRows: 1, problems: [{ line: 3 }] });
      expect(preview.json<PreviewBody>().problems[0]!.message).toMatch(/^Pikachu \(Alpha Base #1, en, normal\) in Near Mint: the file adds 19998 copies by this row; an entry holds at most 9999$/);
      const refused = await me.csv('/v1/collection/import', over);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().message).toMatch(/^Line 3: Pikachu .* at most 9999\. Nothing was imported\.$/);
      expect((await me.list()).content).toEqual([]);

      const full = `printing_id,condition,quantity\n${['en-alpha-1-normal', 'en-alpha-1-reverse', 'en-alpha-2-holo', 'fr-alpha-2-holo', 'en-beta-001-normal'].map(row).join('')}`;
      expect((await me.csv('/v1/collection/import', full)).statusCode).toBe(200);
      const totals = await me.call({ url: '/v1/collection/totals' });
      expect(totals.statusCode, totals.body).toBe(200);
      expect(totals.json()).toEqual({ cards: 5 * 9_999, printings: 5, entries: 5 });
      expect((await me.add({ printingId: 'en-alpha-1-normal' })).json()).toMatchObject({ status: 409, code: 'quantity_cap' });
    });

    it('the database refuses a quantity over the cap, whatever writes it', async () => {
      const me = await newCollector();
      const added = (await me.add({ printingId: 'en-alpha-1-normal', quantity: 9_999 })).json<EntryBody>();
      await expect(app.db.updateTable('collection_entry').set({ quantity: 10_000 }).where('id', '=', added.id).execute()).rejects.toThrow(/collection_entry_quantity_cap/);
      expect((await me.list()).content[0]!.quantity).toBe(9_999);
    });

    it('the preview answers its counts and the first rows, not every row', async () => {
      const me = await newCollector();
      const file = `printing_id,condition,quantity\n${'en-alpha-1-normal,NM,1\nen-alpha-2-holo,LP,2\n'.repeat(60)}`;
      const response = await me.csv('/v1/collection/import/preview', file);
      expect(response.statusCode, response.body).toBe(200);
      const preview = response.json<PreviewBody>();
      expect(preview).toMatchObject({ rows: 120, matchedRows: 120, problems: [], totals: { cards: 180, printings: 2, entries: 2 } });
      expect(preview.firstRows).toHaveLength(50);
      expect(preview.firstRows[49]).toMatchObject({ line: 51, printingId: 'en-alpha-2-holo', condition: 'lightly_played', quantity: 2 });
    });

    it('a file over the row cap is refused before its rows are matched', async () => {
      const me = await newCollector();
      const file = `printing_id,condition,quantity\n${'en-alpha-1-normal,NM,1\n'.repeat(50_001)}`;
      const response = await me.csv('/v1/collection/import/preview', file);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'import_too_many_rows', message: 'The file has more than 50000 rows; at most 50000 are imported at once: split it' });
    });


    it.each([
      ['wrong columns', 'card,count\nPikachu,1\n', 400, "Line 1: missing columns 'condition', 'quantity' for the generic layout"],
      ['an unclosed quote', 'printing_id,condition,quantity\n"en-alpha-1-normal,NM,1\n', 400, 'Line 2: a quoted field is never closed'],
      ['binary data', 'printing_id,condition,quantity\n\u0000\u0001PNG', 400, 'not CSV text'],
      ['an empty file', '', 400, 'The file is empty'],
      ['a header and no rows', 'printing_id,condition,quantity\r\n', 400, 'no rows to import'],
    ])('a file with %s is refused, naming the problem', async (_name, body, status, message) => {
      const me = await newCollector();
      const response = await me.csv('/v1/collection/import', body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toContain(message);
    });

    it('a file over 5 MB answers 413', async () => {
      const me = await newCollector();
      const row = 'en-alpha-1-normal,NM,1\n';
      const body = `printing_id,condition,quantity\n${row.repeat(Math.ceil((5 * 1024 * 1024) / row.length) + 1)}`;
      const response = await me.csv('/v1/collection/import/preview', body);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ status: 413, message: 'The file is larger than 5 MB: split it and import each part' });
    });

    it('a body that is not CSV answers 415', async () => {
      const me = await newCollector();
      const response = await me.call({ method: 'POST', url: '/v1/collection/import', headers: { 'content-type': 'image/png' }, payload: Buffer.from([0x89, 0x50]) });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toContain('Send the file as CSV text');
    });

    it('an unknown layout answers 400', async () => {
      const me = await newCollector();
      const response = await me.call({ url: '/v1/collection/export', query: { layout: 'excel' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Invalid query parameter 'layout': must be one of generic, tcgplayer, cardmarket");
    });
  });

  it('the OpenAPI document describes the collection routes with bearer auth', async () => {
    const document = (await app.inject({ url: '/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/v1/collection', '/v1/collection/{id}', '/v1/collection/import', '/v1/collection/export', '/v1/collection/sets']));
    expect(document.paths['/v1/collection'].post.security).toEqual([{ bearerAuth: [] }]);
  });
});
