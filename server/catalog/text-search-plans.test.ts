import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database.ts';
import { analysedCatalogue, countPlanOf, plansOf } from '../test-support/query-plans.ts';
import { testBackends, type TestApp } from '../test-support/test-database.ts';
import { createCardRepository, type CardListRequest } from './card-repository.ts';
import { parseFilter } from './filter/parse-filter.ts';

const page = { orderBy: 'name', direction: 'asc', page: 0, size: 24 } as const;

describe.each(testBackends())('text search on $name', (backend) => {
  let test: TestApp;
  let db: Database;

  beforeAll(async () => {
    test = await analysedCatalogue(backend);
    db = test.app.db;
  });
  afterAll(async () => {
    await test?.close();
  });

  const cardsWhere = (field: CardListRequest['filters'][number]['field'], filter: string): CardListRequest => ({
    ...page,
    filters: [{ field, filter: parseFilter(filter) }],
  });

  it.each([
    ['name', 'ci(contains(pika))', 'printing_name_trgm_idx', 'printing_name_count_trgm_idx'],
    ['illustrator', 'ci(contains(ator c))', 'printing_illustrator_trgm_idx', 'printing_illustrator_trgm_idx'],
  ] as const)('a card search on %s by %s can use %s for its page and %s for its count', async (field, filter, pageIndex, countIndex) => {
    const [page] = await plansOf(db, (recorded) => createCardRepository(recorded).list(cardsWhere(field, filter)));
    const count = await countPlanOf(db, (recorded) => createCardRepository(recorded).list({ ...cardsWhere(field, filter), page: 100_000 }));
    expect(page).toContain(pageIndex);
    expect(count).toContain(countIndex);
  });

  it('LIKE wildcards in a search are matched as the characters they are', async () => {
    const cards = createCardRepository(db);
    for (const wildcard of ['%', '_', '\\']) {
      const found = await cards.list(cardsWhere('name', `ci(contains(${JSON.stringify(wildcard)}))`));
      expect(found.total, wildcard).toBe(0);
    }
    expect((await cards.list(cardsWhere('name', 'ci(contains(ka))'))).total).toBeGreaterThan(0);
  });
});
