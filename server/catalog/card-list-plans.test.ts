import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../db/open-database.ts';
import { serverSettings } from '../server-settings.ts';
import { analysedCatalogue, countPlanOf, plansOf } from '../test-support/query-plans.ts';
import { testBackends, type TestApp } from '../test-support/test-database.ts';
import { cardSortFields } from './card-fields.ts';
import { cardColumns, cardSortKeys, cardSqlFields, createCardRepository, orderClause, type CardListRequest } from './card-repository.ts';
import { compileFilter } from './filter/compile-filter.ts';
import { parseFilter } from './filter/parse-filter.ts';
import { sortDirections } from './list-request.ts';

type Filters = Array<[CardListRequest['filters'][number]['field'], string]>;

const request = (filters: Filters, orderBy: CardListRequest['orderBy'] = 'name', direction: CardListRequest['direction'] = 'asc'): CardListRequest => ({
  filters: filters.map(([field, filter]) => ({ field, filter: parseFilter(filter) })),
  orderBy,
  direction,
  page: 1,
  size: 24,
});

const pastTheEnd = (asked: CardListRequest): CardListRequest => ({ ...asked, page: 100_000 });

describe.each(testBackends())('card list plans and counts on $name', (backend) => {
  let test: TestApp;
  let db: Database;

  beforeAll(async () => {
    test = await analysedCatalogue(backend);
    db = test.app.db;
  });
  afterAll(async () => {
    await test?.close();
  });

  /** What the filters match, counted the plain way: every printing joined to its set. */
  async function countedPlainly(filters: Filters): Promise<number> {
    const conditions = filters.map(([field, filter]) => compileFilter(parseFilter(filter), cardSqlFields[field]));
    const row = await db
      .selectFrom('printing')
      .innerJoin('card_set', 'card_set.id', 'printing.set_id')
      .select(sql<number>`count(*)::int`.as('total'))
      .where(conditions.length > 0 ? sql<boolean>`${sql.join(conditions, sql` and `)}` : sql<boolean>`true`)
      .executeTakeFirstOrThrow();
    return row.total;
  }

  it.each<[string, Filters]>([
    ['no filter', []],
    ['a language', [['set.language', 'eq(fr)']]],
    ['a set', [['set.id', 'eq(en-gen003)']]],
    ['a set name and a language', [['set.name', 'ci(contains(ka))'], ['set.language', 'eq(fr)']]],
    ['a set code ignoring case', [['set.code', 'ci(eq(g03))']]],
    ['sets outside a language, or one set', [['set.language', 'or(not(eq(en)), eq(nowhere))'], ['set.id', 'not(eq(fr-gen001))']]],
    ['a set name and a card name', [['set.name', 'ci(contains(ka))'], ['name', 'ci(contains(ra))']]],
    ['a language and hp', [['set.language', 'eq(en)'], ['hp', 'gte(100)']]],
    ['an illustrator', [['illustrator', 'eq(Illustrator C2)']]],
    ['a name ignoring case', [['name', 'ci(contains(chu))']]],
    ['a name and a language', [['name', 'ci(contains(chu))'], ['set.language', 'eq(fr)']]],
    ['a name in one set', [['name', 'or(ci(contains(ra)), not(ci(eq(pika))))'], ['set.id', 'eq(fr-gen002)']]],
    ['a name, a set name and a set code', [['name', 'ci(contains(a))'], ['set.name', 'ci(contains(a))'], ['set.code', 'ci(eq(g01))']]],
    ['a name with its case', [['name', 'contains(chu)']]],
  ])('totals %s as every matching printing counts', async (_, filters) => {
    const expected = await countedPlainly(filters);
    expect(expected).toBeGreaterThan(0);
    expect((await createCardRepository(db).list(request(filters))).total).toBe(expected);
  });

  it('answers the total with the page in one query, and asks for it alone past the end', async () => {
    const filters: Filters = [['name', 'ci(contains(a))']];
    const withRows = await plansOf(db, (recorded) => createCardRepository(recorded).list(request(filters)));
    expect(withRows).toHaveLength(1);
    expect((await createCardRepository(db).list(pastTheEnd(request(filters)))).total).toBe(await countedPlainly(filters));
  });

  it('counts a list filtered on its sets alone from the sets, without reading printings', async () => {
    const filters: Filters = [['set.name', 'ci(contains(ka))'], ['set.language', 'eq(fr)']];
    const count = await countPlanOf(db, (recorded) => createCardRepository(recorded).list(pastTheEnd(request(filters, 'set.name', 'desc'))));
    expect(count).toContain('card_set');
    expect(count).not.toContain('printing');
  });

  it('counts a list filtered by a name ignoring case and its sets from the counts of names, without reading printings', async () => {
    const filters: Filters = [['name', 'ci(contains(chu))'], ['set.language', 'eq(fr)']];
    const count = await countPlanOf(db, (recorded) => createCardRepository(recorded).list(pastTheEnd(request(filters))));
    expect(count).toContain('printing_name_count_trgm_idx');
    expect(count).not.toMatch(/ on printing /);
  });

  it('serves one illustrator count from printing_illustrator_idx', async () => {
    const count = await countPlanOf(db, (recorded) => createCardRepository(recorded).list(pastTheEnd(request([['illustrator', 'eq(Illustrator C2)']], 'localId', 'desc'))));
    expect(count).toContain('printing_illustrator_idx');
  });

  it('serves the page and the count of one language by hp from printing_language_hp_idx', async () => {
    const filters: Filters = [['set.language', 'eq(en)'], ['hp', 'gte(100)']];
    const [page] = await plansOf(db, (recorded) => createCardRepository(recorded).list(request(filters, 'hp', 'desc')));
    const count = await countPlanOf(db, (recorded) => createCardRepository(recorded).list(pastTheEnd(request(filters, 'hp', 'desc'))));
    expect(page).toContain('printing_language_hp_idx');
    expect(count).toContain('printing_language_hp_idx');
  });

  /** A shallow page, read with one plain join, and one deep enough that its ids are chosen first. */
  const pages = [3, Math.ceil(serverSettings.catalog.narrowPageFromOffset.value / 24) + 1];

  it.each(cardSortFields.flatMap((orderBy) => sortDirections.map((direction) => [orderBy, direction] as const)))(
    'answers the pages by %s %s that the plain query answers',
    async (orderBy, direction) => {
      for (const filters of [[], [['set.language', 'eq(fr)'], ['name', 'ci(contains(a))']]] as Filters[]) {
        for (const page of pages) {
          const asked = { ...request(filters, orderBy, direction), page };
          const conditions = filters.map(([field, filter]) => compileFilter(parseFilter(filter), cardSqlFields[field]));
          const plain = await db
            .selectFrom('printing')
            .innerJoin('card_set', 'card_set.id', 'printing.set_id')
            .select(cardColumns)
            .where(conditions.length > 0 ? sql<boolean>`${sql.join(conditions, sql` and `)}` : sql<boolean>`true`)
            .orderBy(orderClause(cardSortKeys[orderBy], sql.ref('printing.id'), direction))
            .limit(asked.size)
            .offset(asked.page * asked.size)
            .execute();
          expect(plain).toHaveLength(24);
          expect((await createCardRepository(db).list(asked)).rows).toEqual(plain);
        }
      }
    },
  );
});
