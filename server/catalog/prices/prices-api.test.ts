import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { tokenMinter } from '../../test-support/bearer-tokens.ts';
import { freePort } from '../../test-support/free-port.ts';
import { startTcgdexTestDouble, type TcgdexTestDouble } from '../../test-support/tcgdex-test-double.ts';
import { buildTestApp, testBackends, type TestApp } from '../../test-support/test-database.ts';
import { importCatalog } from '../import/import-catalog.ts';
import { readTcgdexApi } from '../import/read-tcgdex-api.ts';
import { readTcgdexFile } from '../import/read-tcgdex-file.ts';
import { createPriceRefresher } from './price-refresher.ts';
import { refreshPrices } from './refresh-prices.ts';

type Quote = { amount: number; updated: string } | null;
interface CardBody {
  id: string;
  price: { EUR: Quote; USD: Quote };
}
interface EntryBody {
  id: string;
  printingId: string;
  condition: string;
  quantity: number;
  value?: number | null;
  card: CardBody;
}

describe.each(testBackends())('prices on $name', (backend) => {
  let test: TestApp;
  let app: FastifyInstance;
  let double: TcgdexTestDouble;
  let mint: (subject: string) => Promise<string>;
  let user = 0;

  beforeAll(async () => {
    double = await startTcgdexTestDouble();
    test = await buildTestApp(backend);
    app = test.app;
    await importCatalog(app.db, await readTcgdexApi({ baseUrl: double.baseUrl, languages: ['en', 'fr'] }));
    mint = await tokenMinter(app.db);
  });
  afterAll(async () => {
    await test?.close();
    await double?.close();
  });

  const card = async (id: string) => {
    const response = await app.inject({ url: '/v1/cards', query: { id: `eq(${id})` } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ content: CardBody[] }>().content[0]!;
  };
  const history = async (id: string, currency: string) => {
    const response = await app.inject({ url: `/v1/cards/${id}/price-history`, query: { currency } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ currency: string; points: Array<{ date: string; amount: number }> }>().points;
  };
  const printing = (id: string) =>
    app.db.selectFrom('printing').select(['tcgplayer_product_id', 'cardmarket_id_product']).where('id', '=', id).executeTakeFirstOrThrow();

  async function newCollector() {
    const token = await mint(`prices-${++user}-${backend.name}`);
    const call = (options: InjectOptions) => app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });
    const json = async <T>(options: InjectOptions) => {
      const response = await call(options);
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json<T>();
    };
    return {
      call,
      add: (printingId: string, quantity: number, condition = 'near_mint') => json<EntryBody>({ method: 'POST', url: '/v1/collection', payload: { printingId, quantity, condition } }),
      list: (query: Record<string, string> = {}) => json<{ content: EntryBody[] }>({ url: '/v1/collection', query }).then((page) => page.content),
      value: (currency?: string) => json<Record<string, unknown>>({ url: '/v1/collection/value', query: currency ? { currency } : {} }),
      valueHistory: (currency?: string) => json<Record<string, unknown>>({ url: '/v1/collection/value/history', query: currency ? { currency } : {} }),
      exportCsv: async (layout: string) => (await call({ url: '/v1/collection/export', query: { layout } })).body,
      importCsv: (file: string, query: Record<string, string>, preview = false) =>
        call({ method: 'POST', url: `/v1/collection/import${preview ? '/preview' : ''}`, query, headers: { 'content-type': 'text/csv' }, payload: file }),
    };
  }

  describe('import and refresh against the TCGdex test double', () => {
    it("stores each printing's price for its finish and its marketplace ids; a card without pricing has none", async () => {
      expect((await card('en-xy1-126-normal')).price).toEqual({
        EUR: { amount: 0.15, updated: '2026-08-14T08:02:25.004Z' },
        USD: { amount: 0.22, updated: '2026-08-14T08:02:34.815Z' },
      });
      expect((await card('en-xy1-126-reverse')).price).toMatchObject({ EUR: { amount: 0.68 }, USD: { amount: 0.52 } });
      expect((await card('en-swsh3-136-reverse')).price).toMatchObject({ EUR: null, USD: { amount: 0.43 } });
      expect((await card('fr-swsh11-199-holo')).price).toMatchObject({ EUR: { amount: 1.01 }, USD: null });
      expect((await card('en-sv03-125-holo')).price).toEqual({ EUR: null, USD: null });
      expect(await printing('en-base1-4-holo')).toEqual({ tcgplayer_product_id: 42382, cardmarket_id_product: 273699 });
      const figures = await app.db.selectFrom('printing_price').select(['source', 'finish']).where('printing_id', '=', 'en-xy1-126-normal').orderBy('source').orderBy('finish').execute();
      expect(figures).toEqual([
        { source: 'cardmarket', finish: 'holo' },
        { source: 'cardmarket', finish: 'normal' },
        { source: 'tcgplayer', finish: 'normal' },
        { source: 'tcgplayer', finish: 'reverse-holofoil' },
      ]);
    });

    it('a refresh writes history rows only for prices that changed, on the day of their update', async () => {
      const unchanged = await refreshPrices(app.db, { baseUrl: double.baseUrl, retryDelayMs: 10 });
      expect(unchanged).toMatchObject({ unreachable: false, failed: 0, changed: 0, historyRows: 0 });
      expect(unchanged.read).toBe(unchanged.cards);

      const xy = double.cards.get('en/xy1-126')!;
      const pricing = structuredClone(xy.pricing) as { cardmarket: Record<string, unknown> };
      pricing.cardmarket.trend = 0.2;
      pricing.cardmarket.updated = '2026-08-15T08:00:00.000Z';
      double.cards.set('en/xy1-126', { ...xy, pricing });
      const changed = await refreshPrices(app.db, { baseUrl: double.baseUrl, retryDelayMs: 10 });
      // Both printings' EUR quote has a new date; only the normal one's amount moved.
      expect(changed).toMatchObject({ changed: 2, historyRows: 1 });
      expect(await history('en-xy1-126-normal', 'EUR')).toEqual([
        { date: '2026-08-14', amount: 0.15 },
        { date: '2026-08-15', amount: 0.2 },
      ]);
      expect(await history('en-xy1-126-reverse', 'EUR')).toEqual([{ date: '2026-08-14', amount: 0.68 }]);
      expect(await history('en-xy1-126-normal', 'USD')).toEqual([{ date: '2026-08-14', amount: 0.22 }]);
    });

    it('an unreachable API leaves every price as it was and says so in one line', async () => {
      const before = await card('en-base1-4-holo');
      const lines: string[] = [];
      const summary = await refreshPrices(app.db, { baseUrl: `http://127.0.0.1:${await freePort()}/v2`, retries: 1, retryDelayMs: 5, warn: (line) => lines.push(line) });
      expect(summary.unreachable).toBe(true);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Prices: TCGdex could not be reached at http:\/\/127\.0\.0\.1:\d+\/v2 .*prices kept as they were$/);
      expect(await card('en-base1-4-holo')).toEqual(before);
    });

    it("the server's background job refreshes after its first wait and logs what it did", async () => {
      const lines: string[] = [];
      const job = createPriceRefresher(app.db, {
        baseUrl: double.baseUrl,
        info: (line) => lines.push(line),
        warn: (line) => lines.push(line),
        firstAfterMs: 1,
        everyMs: 3_600_000,
      });
      const requests = double.requests();
      job.start();
      await vi.waitFor(() => expect(lines).toHaveLength(1), { timeout: 20_000 });
      await job.stop();
      expect(lines[0]).toMatch(/^Prices: 7 of 7 cards read: 0 printings' prices changed, 0 history rows/);
      expect(double.requests() - requests).toBe(7);
    });

    it('a catalogue without prices (the demo file) leaves stored prices alone', async () => {
      await importCatalog(
        app.db,
        readTcgdexFile({
          sets: [{ id: 'base1', language: 'en', name: 'Base Set', code: 'BS', cardCount: { official: 1, total: 1 } }],
          cards: [{ id: 'base1-4', localId: '4', language: 'en', name: 'Charizard', setId: 'base1', variants: { holo: true } }],
        }),
      );
      expect((await card('en-base1-4-holo')).price).toMatchObject({ EUR: { amount: 397.58 }, USD: { amount: 845.87 } });
      expect(await printing('en-base1-4-holo')).toEqual({ tcgplayer_product_id: 42382, cardmarket_id_product: 273699 });
    });

    it('answers 404 for the history of an unknown printing and 400 for an unknown currency', async () => {
      expect((await app.inject({ url: '/v1/cards/en-nope-1-normal/price-history', query: { currency: 'EUR' } })).json()).toMatchObject({ status: 404, code: 'printing_not_found' });
      expect((await app.inject({ url: '/v1/cards/en-base1-4-holo/price-history', query: { currency: 'GBP' } })).statusCode).toBe(400);
    });
  });

  describe("the collection's value", () => {
    it('totals, counts, sets and the most valuable entries in the asked currency; condition is not priced', async () => {
      const me = await newCollector();
      await me.add('en-base1-4-holo', 2);
      await me.add('en-swsh3-136-reverse', 3, 'damaged');
      await me.add('en-sv03-125-holo', 1);
      const usd = await me.value('USD');
      expect(usd).toMatchObject({
        currency: 'USD',
        total: 1693.03,
        priced: 2,
        unpriced: 1,
        sets: [
          { setId: 'en-base1', setName: 'Base Set', value: 1691.74 },
          { setId: 'en-swsh3', setName: 'Darkness Ablaze', value: 1.29 },
        ],
      });
      expect((usd.top as EntryBody[]).map((entry) => [entry.printingId, entry.value])).toEqual([
        ['en-base1-4-holo', 1691.74],
        ['en-swsh3-136-reverse', 1.29],
      ]);
      expect(await me.value('EUR')).toMatchObject({ currency: 'EUR', total: 795.16, priced: 1, unpriced: 2 });
    });

    it("the value over time counts today's quantities on each day a price changed", async () => {
      const me = await newCollector();
      await me.add('en-base1-4-holo', 2);
      await me.add('en-swsh3-136-reverse', 3, 'damaged');
      await me.add('en-sv03-125-holo', 1);
      expect(await me.valueHistory('USD')).toEqual({
        currency: 'USD',
        points: [
          { date: '2026-08-14', value: 1691.74 },
          { date: '2026-08-23', value: 1693.03 },
        ],
      });
      const refused = await me.call({ url: '/v1/collection/value/history', query: { currency: 'GBP' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: expect.any(String) });
    });

    it('a refresh of prices changes the value of entries already owned', async () => {
      const me = await newCollector();
      await me.add('en-xy1-126-normal', 10);
      const before = (await me.value('EUR')).total as number;
      const xy = double.cards.get('en/xy1-126')!;
      const pricing = structuredClone(xy.pricing) as { cardmarket: Record<string, unknown> };
      pricing.cardmarket.trend = 0.35;
      pricing.cardmarket.updated = '2026-08-16T08:00:00.000Z';
      double.cards.set('en/xy1-126', { ...xy, pricing });
      await refreshPrices(app.db, { baseUrl: double.baseUrl, retryDelayMs: 10 });
      expect(await me.value('EUR')).toMatchObject({ total: 3.5 });
      expect(before).not.toBe(3.5);
      expect((await me.list({ value: 'gt(3)', currency: 'EUR' })).map((entry) => [entry.printingId, entry.value])).toEqual([['en-xy1-126-normal', 3.5]]);
    });

    it("sorts and filters the list by value; the currency defaults to the profile's, else the language's", async () => {
      const me = await newCollector();
      await me.add('en-base1-4-holo', 1);
      await me.add('en-xy1-126-normal', 4);
      await me.add('en-sv03-125-holo', 1);
      const byValue = await me.list({ order_by: 'value', sort_by: 'desc', currency: 'USD' });
      expect(byValue.map((entry) => [entry.printingId, entry.value])).toEqual([
        ['en-base1-4-holo', 845.87],
        ['en-xy1-126-normal', 0.88],
        ['en-sv03-125-holo', null],
      ]);
      expect((await me.list({ order_by: 'value', sort_by: 'asc', currency: 'EUR' })).map((entry) => entry.printingId)).toEqual([
        'en-xy1-126-normal',
        'en-base1-4-holo',
        'en-sv03-125-holo',
      ]);
      expect((await me.list({ value: 'gt(1)', currency: 'USD' })).map((entry) => entry.printingId)).toEqual(['en-base1-4-holo']);
      expect((await me.list({ value: 'lt(1)', currency: 'USD' })).map((entry) => entry.printingId)).toEqual(['en-xy1-126-normal']);
      // No profile yet: English, so dollars.
      expect((await me.value()).currency).toBe('USD');
      const profile = { firstName: 'Ada', lastName: 'Card', language: 'fr', timezone: '', darkmode: false };
      expect((await me.call({ method: 'PUT', url: '/v1/auth/profile', payload: profile })).json()).toMatchObject({ currency: null });
      expect((await me.value()).currency).toBe('EUR');
      expect((await me.list({ order_by: 'value', sort_by: 'desc' }))[0]).toMatchObject({ printingId: 'en-base1-4-holo', value: 397.58 });
      await me.call({ method: 'PUT', url: '/v1/auth/profile', payload: { ...profile, currency: 'USD' } });
      expect((await me.value()).currency).toBe('USD');
      expect((await me.call({ url: '/v1/auth/profile' })).json()).toMatchObject({ currency: 'USD' });
      const refused = await me.call({ method: 'PUT', url: '/v1/auth/profile', payload: { ...profile, currency: 'GBP' } });
      expect(refused.json()).toMatchObject({ status: 400, code: 'currency_invalid' });
    });
  });

  describe('exports and imports', () => {
    it("writes TCGplayer's Product ID and Cardmarket's idProduct with the columns their imports read", async () => {
      const me = await newCollector();
      await me.add('en-base1-4-holo', 2, 'lightly_played');
      await me.add('en-sv03-125-holo', 1);
      const tcgplayer = (await me.exportCsv('tcgplayer')).trim().split(/\r?\n/);
      expect(tcgplayer[0]).toBe('Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,Condition,Language,Rarity,Product ID,SKU');
      expect(tcgplayer, tcgplayer.join('\n')).toContain('2,Charizard,Charizard,Base Set,4,BS,Holofoil,Lightly Played,English,,42382,');
      const cardmarket = (await me.exportCsv('cardmarket')).trim().split(/\r?\n/);
      expect(cardmarket[0]).toBe('idProduct,Count,Name,Expansion,Number,Language,Condition,isFoil,isReverseHolo,isFirstEd,Price,Comments');
      expect(cardmarket).toContain('273699,2,Charizard,Base Set,4,English,EX,true,false,false,397.58,');
      // A printing no marketplace price came with has no id to give.
      expect(cardmarket.some((line) => line.startsWith(',1,Charizard ex,Obsidian Flames,125,') && line.endsWith(',false,,'))).toBe(true);
    });

    it('an export imported again with replace gives the same collection; with add it adds', async () => {
      const me = await newCollector();
      await me.add('en-base1-4-holo', 2, 'lightly_played');
      await me.add('en-xy1-126-reverse', 5);
      await me.add('en-xy1-126-normal', 1, 'damaged');
      const before = (await me.list({ order_by: 'id' })).map(({ printingId, condition, quantity }) => ({ printingId, condition, quantity }));
      for (const layout of ['generic', 'tcgplayer', 'cardmarket']) {
        const file = await me.exportCsv(layout);
        const preview = await me.importCsv(file, { layout, mode: 'replace' }, true);
        expect(preview.statusCode, preview.body).toBe(200);
        const rows = preview.json<{ firstRows: Array<{ printingId: string; quantity: number; resulting: number }> }>().firstRows;
        expect(rows.every((row) => row.resulting === row.quantity)).toBe(true);
        const replaced = await me.importCsv(file, { layout, mode: 'replace' });
        expect(replaced.statusCode, replaced.body).toBe(200);
        const after = (await me.list({ order_by: 'id' })).map(({ printingId, condition, quantity }) => ({ printingId, condition, quantity }));
        expect(after, layout).toEqual(before);
      }
      const file = await me.exportCsv('generic');
      const addPreview = await me.importCsv(file, { mode: 'add' }, true);
      expect(addPreview.json<{ firstRows: Array<{ printingId: string; resulting: number }> }>().firstRows).toContainEqual(
        expect.objectContaining({ printingId: 'en-xy1-126-reverse', resulting: 10 }),
      );
      expect((await me.importCsv(file, {})).statusCode).toBe(200);
      expect((await me.list({ order_by: 'id' })).map((entry) => entry.quantity)).toEqual(before.map((entry) => entry.quantity * 2));
    });

    it('skips the rows that fail when asked, imports the good ones and lists the failures, also as CSV', async () => {
      const me = await newCollector();
      const file = ['printing_id,condition,quantity', 'en-base1-4-holo,NM,2', 'en-nope-1-normal,NM,1', 'en-xy1-126-normal,XX,1', 'en-xy1-126-reverse,NM,3', ''].join('\n');
      const refused = await me.importCsv(file, {});
      expect(refused.json()).toMatchObject({ status: 422, code: 'import_refused' });
      expect(await me.list()).toEqual([]);
      const skipped = await me.importCsv(file, { skipFailed: 'true' });
      expect(skipped.statusCode, skipped.body).toBe(200);
      const body = skipped.json<{ imported: number; cards: number; failures: Array<{ line: number; message: string }>; failuresCsv: string }>();
      expect(body).toMatchObject({ imported: 2, cards: 5 });
      expect(body.failures.map((failure) => failure.line)).toEqual([3, 4]);
      expect(body.failuresCsv.split(/\r?\n/)[0]).toBe('line,problem');
      expect(body.failuresCsv).toContain('3,');
      expect((await me.list({ order_by: 'id' })).map((entry) => [entry.printingId, entry.quantity])).toEqual([
        ['en-base1-4-holo', 2],
        ['en-xy1-126-reverse', 3],
      ]);
    });
  });
});
