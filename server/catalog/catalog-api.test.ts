import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, readFixtureJson, testBackends, type TestApp } from '../test-support/test-database.ts';

interface CardBody {
  id: string;
  name: string;
  hp?: number;
  localId: string;
  variant: string;
  image: string | null;
  set: { id: string; code: string; name: string; language: string };
}
interface PageBody<T> {
  content: T[];
  pageable: { page: number; size: number; total_elements: number; total_pages: number };
}
interface ErrorBody {
  status: number;
  error: string;
  message: string;
}

describe.each(testBackends())('catalogue API on $name', (backend) => {
  let test: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await buildTestApp(backend, { catalog: readFixtureJson() });
    app = test.app;
  });
  afterAll(async () => {
    await test?.close();
  });

  async function cards(query: Record<string, string>): Promise<PageBody<CardBody>> {
    const response = await app.inject({ url: '/v1/cards', query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const ids = (page: PageBody<CardBody>) => page.content.map((card) => card.id);
  const names = (page: PageBody<CardBody>) => page.content.map((card) => card.name);

  async function badRequest(url: string, query: Record<string, string>, mentions: string): Promise<void> {
    const response = await app.inject({ url, query });
    expect(response.statusCode, `${JSON.stringify(query)} -> ${response.body}`).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.status).toBe(400);
    expect(body.error).toBe('Bad Request');
    expect(body.message).toContain(`'${mentions}'`);
  }

  describe('GET /v1/cards', () => {
    it('lists every printing on zero-based pages of 24 by default', async () => {
      const page = await cards({});
      expect(page.pageable).toEqual({ page: 0, size: 24, total_elements: 9, total_pages: 1 });
      expect(page.content).toHaveLength(9);
    });

    it('pages through the results with totals on every page, past the end too', async () => {
      const seen: string[] = [];
      for (let page = 0; page < 5; page++) {
        const result = await cards({ size: '2', page: String(page), order_by: 'id' });
        expect(result.pageable).toEqual({ page, size: 2, total_elements: 9, total_pages: 5 });
        seen.push(...ids(result));
      }
      expect(new Set(seen).size).toBe(9);
      const past = await cards({ size: '2', page: '7' });
      expect(past.content).toEqual([]);
      expect(past.pageable.total_elements).toBe(9);
    });

    it('returns the card fields of the spec, with image base addresses and one printing per variant', async () => {
      const page = await cards({ 'set.id': 'eq(en-alpha)', localId: 'eq(1)', order_by: 'id' });
      expect(page.content).toHaveLength(2);
      expect(page.content.map((card) => card.variant)).toEqual(['normal', 'reverse']);
      expect(page.content[0]).toEqual({
        id: 'en-alpha-1-normal',
        code: 'alpha-1',
        name: 'Pikachu',
        image: 'https://assets.tcgdex.net/en/ta/alpha/1',
        hp: 60,
        localId: '1',
        rarity: 'Common',
        variant: 'normal',
        types: ['Lightning'],
        illustrator: 'Mitsuhiro Arita',
        category: 'Pokemon',
        stage: 'Basic',
        regulationMark: 'G',
        attacks: [
          { name: 'Thunder Shock', damage: '20', text: 'Flip a coin.', cost: ['Lightning'] },
          { name: 'Quick Attack', damage: '10+', text: null, cost: [] },
        ],
        set: { id: 'en-alpha', code: 'ALP', name: 'Alpha Base', language: 'en' },
        price: { EUR: null, USD: null },
      });
    });

    it('leaves hp out for cards without it', async () => {
      const page = await cards({ name: "eq(Professor's Research)" });
      expect(page.content).toHaveLength(1);
      expect(page.content[0]).not.toHaveProperty('hp');
      expect(page.content[0]!.set.id).toBe('en-alpha');
    });

    it.each([
      [{ name: 'contains(Pika)' }, 5],
      [{ name: 'contains(pika)' }, 0],
      [{ name: 'ci(contains(pika))' }, 5],
      [{ name: 'eq(Pikachu)' }, 4],
      [{ name: 'ci(eq(eclair))' }, 1],
      [{ name: 'not(contains(Pika))' }, 4],
      [{ name: 'and(contains(Pi), contains(chu), not(contains(Promo)))' }, 4],
      [{ name: 'or(eq(Raichu), eq(Éclair))' }, 3],
      [{ name: 'eq("Pikachu (Promo), Gold")' }, 1],
      [{ name: 'eq(Pikachu \\(Promo\\)\\, Gold)' }, 1],
      [{ hp: 'eq(60)' }, 4],
      [{ hp: 'eq(60.0)' }, 4],
      [{ hp: 'gt(60)' }, 3],
      [{ hp: 'gt(60.5)' }, 3],
      [{ hp: 'gte(60.5)' }, 3],
      [{ hp: 'lt(60.5)' }, 5],
      [{ hp: 'lte(59.9)' }, 1],
      [{ hp: 'eq(60.5)' }, 0],
      [{ hp: 'gt(-0.5)' }, 8],
      [{ hp: 'lt(999999999999999)' }, 8],
      [{ hp: 'and(gte(50), lt(70))' }, 5],
      [{ hp: 'not(eq(60))' }, 5],
      [{ illustrator: 'ci(contains(arita))' }, 4],
      [{ illustrator: 'not(eq(Mitsuhiro Arita))' }, 5],
      [{ 'set.code': 'eq(BET)' }, 2],
      [{ 'set.code': 'ci(eq(bet))' }, 2],
      [{ 'set.name': 'contains("(Promo), Series")' }, 2],
      [{ 'set.name': 'ci(contains(ete))' }, 3],
      [{ 'set.language': 'eq(fr)' }, 3],
      [{ 'set.id': 'eq(fr-alpha)' }, 3],
      [{ variant: 'eq(reverse)' }, 2],
      [{ rarity: 'eq(Promo)' }, 2],
      [{ code: 'eq(alpha-2)' }, 2],
      [{ 'set.language': 'eq(en)', name: 'ci(contains(pikachu))', hp: 'lte(60)' }, 2],
    ])('filters %j to %i printings', async (query, count) => {
      const page = await cards(query);
      expect(page.pageable.total_elements).toBe(count);
      expect(page.content).toHaveLength(count);
    });

    it('sorts by name either way, ignoring case and accents', async () => {
      const asc = await cards({ order_by: 'name', sort_by: 'asc', 'set.language': 'eq(en)' });
      expect(names(asc)).toEqual([
        'Éclair',
        'Pikachu',
        'Pikachu',
        'Pikachu (Promo), Gold',
        "Professor's Research",
        'Raichu',
      ]);
      const desc = await cards({ order_by: 'name', sort_by: 'desc', 'set.language': 'eq(en)' });
      expect(names(desc)).toEqual(['Raichu', "Professor's Research", 'Pikachu (Promo), Gold', 'Pikachu', 'Pikachu', 'Éclair']);
    });

    it('sorts by hp as numbers with cards without hp last in both directions', async () => {
      const desc = await cards({ order_by: 'hp', sort_by: 'desc', 'set.language': 'eq(en)' });
      expect(desc.content.map((card) => card.hp ?? null)).toEqual([120, 70, 60, 60, 50, null]);
      const asc = await cards({ order_by: 'hp', sort_by: 'asc', 'set.language': 'eq(en)' });
      expect(asc.content.map((card) => card.hp ?? null)).toEqual([50, 60, 60, 70, 120, null]);
    });

    it('sorts by number the way collectors count (1, 2, 10; TG01 after numbers), and exactly reversed', async () => {
      const asc = await cards({ order_by: 'localId', 'set.id': 'eq(en-alpha)', variant: 'not(eq(reverse))' });
      expect(asc.content.map((card) => card.localId)).toEqual(['1', '2', '10']);
      const desc = await cards({ order_by: 'localId', sort_by: 'desc', 'set.id': 'eq(en-beta)' });
      expect(desc.content.map((card) => card.localId)).toEqual(['TG01', '001']);
    });

    it('sorts by set name, then by number within each set', async () => {
      const page = await cards({ order_by: 'set.name', sort_by: 'desc', variant: 'not(eq(reverse))' });
      expect(page.content.map((card) => `${card.set.id}/${card.localId}`)).toEqual([
        'en-beta/TG01',
        'en-beta/001',
        'fr-alpha/2',
        'fr-alpha/1',
        'en-alpha/10',
        'en-alpha/2',
        'en-alpha/1',
      ]);
      const short = await cards({ order_by: 'set', sort_by: 'desc', variant: 'not(eq(reverse))' });
      expect(ids(short)).toEqual(ids(page));
    });

    it.each([
      [{ page: '-1' }, 'page'],
      [{ page: 'abc' }, 'page'],
      [{ page: '1.5' }, 'page'],
      [{ page: '99999999999' }, 'page'],
      [{ size: '0' }, 'size'],
      [{ size: '101' }, 'size'],
      [{ size: 'ten' }, 'size'],
      [{ order_by: 'colour' }, 'order_by'],
      [{ order_by: 'asc' }, 'order_by'],
      [{ sort_by: 'up' }, 'sort_by'],
      [{ sort_by: 'name' }, 'sort_by'],
      [{ colour: 'eq(red)' }, 'colour'],
      [{ name: 'Pikachu' }, 'name'],
      [{ name: 'eq(Pikachu' }, 'name'],
      [{ name: 'eq()' }, 'name'],
      [{ name: 'eq(a,b)' }, 'name'],
      [{ name: 'eq(a) extra' }, 'name'],
      [{ name: 'like(a)' }, 'name'],
      [{ name: 'eq("unterminated)' }, 'name'],
      [{ name: 'eq(a\\' }, 'name'],
      [{ name: 'and()' }, 'name'],
      [{ name: 'gt(a)' }, 'name'],
      [{ name: 'not(ci(eq(a))' }, 'name'],
      [{ name: `${'not('.repeat(20)}eq(a)${')'.repeat(20)}` }, 'name'],
      [{ name: `contains(${'x'.repeat(1001)})` }, 'name'],
      [{ hp: 'eq(sixty)' }, 'hp'],
      [{ hp: 'contains(6)' }, 'hp'],
      [{ hp: 'ci(eq(60))' }, 'hp'],
      [{ hp: 'eq(1e400)' }, 'hp'],
      [{ 'set.code': '' }, 'set.code'],
    ])('answers 400 naming the parameter for %j', async (query, parameter) => {
      await badRequest('/v1/cards', query, parameter);
    });

    it('answers 400 when a filter field is given twice', async () => {
      const response = await app.inject('/v1/cards?name=eq(a)&name=eq(b)');
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().message).toContain("'name'");
    });

    it.each([
      ['colour=eq(red)', 'filter_unknown'],
      ['name=like(a)', 'filter_invalid'],
    ])('names the problem of %s with the code %s', async (query, code) => {
      expect((await app.inject(`/v1/cards?${query}`)).json()).toMatchObject({ status: 400, code });
    });
  });

  describe('GET /v1/sets', () => {
    async function sets(query: Record<string, string>) {
      const response = await app.inject({ url: '/v1/sets', query });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PageBody<{ id: string; code: string; name: string; language: string }>>();
    }

    it('lists sets, one per language, with paging', async () => {
      const page = await sets({ size: '2' });
      expect(page.pageable).toEqual({ page: 0, size: 2, total_elements: 3, total_pages: 2 });
      expect(page.content.map((set) => set.id)).toEqual(['en-alpha', 'fr-alpha']);
      const past = await sets({ size: '2', page: '5', language: 'eq(en)' });
      expect(past.content).toEqual([]);
      expect(past.pageable).toEqual({ page: 5, size: 2, total_elements: 2, total_pages: 1 });
    });

    it.each([
      [{ name: 'ci(contains(alpha))' }, ['en-alpha', 'fr-alpha']],
      [{ code: 'ci(eq(bet))' }, ['en-beta']],
      [{ language: 'eq(fr)' }, ['fr-alpha']],
      [{ id: 'eq(en-beta)' }, ['en-beta']],
      [{ language: 'eq(en)', order_by: 'code', sort_by: 'desc' }, ['en-beta', 'en-alpha']],
      [{ order_by: 'name', sort_by: 'desc' }, ['en-beta', 'fr-alpha', 'en-alpha']],
      [{ order_by: 'releaseDate', sort_by: 'desc' }, ['en-beta', 'en-alpha', 'fr-alpha']],
    ])('filters and sorts %j', async (query, expected) => {
      expect((await sets(query)).content.map((set) => set.id)).toEqual(expected);
    });

    it.each([
      [{ size: '1000' }, 'size'],
      [{ order_by: 'hp' }, 'order_by'],
      [{ sort_by: 'sideways' }, 'sort_by'],
      [{ hp: 'eq(1)' }, 'hp'],
      [{ name: 'contains(a' }, 'name'],
    ])('answers 400 naming the parameter for %j', async (query, parameter) => {
      await badRequest('/v1/sets', query, parameter);
    });
  });

  describe('GET /v1/sets/:id', () => {
    it('returns one set with its logo and symbol base addresses', async () => {
      const response = await app.inject('/v1/sets/fr-alpha');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: 'fr-alpha',
        code: 'ALP',
        name: 'Alpha Été',
        language: 'fr',
        logo: 'https://assets.tcgdex.net/fr/ta/alpha/logo',
        symbol: 'https://assets.tcgdex.net/univ/ta/alpha/symbol',
        releaseDate: '2020-01-01',
        cardCount: { official: 3, total: 3 },
      });
    });

    it('answers 404 with a message for an unknown set', async () => {
      const response = await app.inject('/v1/sets/en-nowhere');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, error: 'Not Found', code: 'set_not_found', message: "Set 'en-nowhere' not found" });
      expect((await app.inject('/v1/sets/a%00b')).statusCode).toBe(400);
    });
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const response = await app.inject('/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, { get: { parameters: Array<{ name: string }> } }> }>();
    expect(document.openapi).toMatch(/^3\./);
    const parameters = document.paths['/v1/cards']!.get.parameters.map((parameter) => parameter.name);
    expect(parameters).toEqual(expect.arrayContaining(['page', 'size', 'order_by', 'sort_by', 'name', 'set.code', 'hp']));
    expect(document.paths).toHaveProperty(['/v1/sets/{id}']);
  });
});

describe('ASSETS_BASE_URL', () => {
  it('points every image address at the configured host', async () => {
    const [pglite] = testBackends();
    const test = await buildTestApp(pglite!, {
      catalog: readFixtureJson(),
      env: { ASSETS_BASE_URL: 'http://mirror.test/tcgdex/' },
    });
    try {
      const card = (await test.app.inject('/v1/cards?size=1&order_by=id')).json<PageBody<CardBody>>().content[0]!;
      expect(card.image).toBe('http://mirror.test/tcgdex/en/ta/alpha/1');
      const set = (await test.app.inject('/v1/sets/en-alpha')).json<{ logo: string; symbol: string }>();
      expect(set.logo).toBe('http://mirror.test/tcgdex/en/ta/alpha/logo');
      expect(set.symbol).toBe('http://mirror.test/tcgdex/univ/ta/alpha/symbol');
    } finally {
      await test.close();
    }
  });
});
