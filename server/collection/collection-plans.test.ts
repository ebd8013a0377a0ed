import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { generateCatalog } from '../../bench/catalog/generate-catalog.ts';
import { parseFilter } from '../catalog/filter/parse-filter.ts';
import type { Database } from '../db/open-database.ts';
import { recordQueries } from '../test-support/query-plans.ts';
import { buildTestApp, testBackends, type TestApp } from '../test-support/test-database.ts';
import { createCollectionRepository, type CollectionListRequest, type CollectionRepository } from './collection-repository.ts';
import { collectionConditions } from './conditions.ts';

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** Rows each query of `send` read from printing, summed over every loop of every node that reads it. */
async function printingRowsRead(db: Database, send: (repository: CollectionRepository) => Promise<unknown>): Promise<Array<{ sql: string; rows: number }>> {
  const { plugin, queries } = recordQueries();
  await send(createCollectionRepository(db.withPlugin(plugin)));
  const read = (node: PlanNode): number =>
    (node['Relation Name'] === 'printing' ? node['Actual Rows'] * node['Actual Loops'] : 0) + (node.Plans ?? []).reduce((sum, child) => sum + read(child), 0);
  const counts: Array<{ sql: string; rows: number }> = [];
  for (const node of queries) {
    const compiled = db.getExecutor().compileQuery(node, { queryId: 'plan' });
    const result = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]));
    const document = result.rows[0]!['QUERY PLAN'];
    const [explained] = (typeof document === 'string' ? JSON.parse(document) : document) as Array<{ Plan: PlanNode }>;
    counts.push({ sql: compiled.sql, rows: read(explained!.Plan) });
  }
  return counts;
}

const owner = 'plan-collector';
const size = 24;

describe.each(testBackends())('collection plans on $name', (backend) => {
  let test: TestApp;
  let db: Database;

  beforeAll(async () => {
    test = await buildTestApp(backend, { catalog: generateCatalog(3_000) });
    db = test.app.db;
    const ids = (await db.selectFrom('printing').select('id').orderBy('id').execute()).map((row) => row.id);
    const entries = (count: number, step: number) =>
      Array.from({ length: count }, (_, index) => ({ printingId: ids[(index * step) % ids.length]!, condition: collectionConditions[Math.floor((index * step) / ids.length)]!, quantity: 1 + (index % 4) }));
    const repository = createCollectionRepository(db);
    await repository.importAll(owner, entries(1_000, 3), 9_999, 500);
    await repository.importAll('someone-else', entries(500, 5), 9_999, 500);
    await sql`analyze`.execute(db);
  });
  afterAll(async () => {
    await test?.close();
  });

  const listing = (orderBy: CollectionListRequest['orderBy'], page: number, filters: Record<string, string> = {}): CollectionListRequest => ({
    orderBy,
    direction: 'asc',
    page,
    size,
    filters: Object.entries(filters).map(([field, filter]) => ({ field: field as CollectionListRequest['filters'][number]['field'], filter: parseFilter(filter) })),
  });

  // Each of these reads the collector's entries alone to pick a page, then joins that page's
  // entries to their cards; a plan that joined every entry would read hundreds of printings.
  it.each([
    ['a deep page by name', listing('name', 20)],
    ['newest first', listing('added', 0)],
    ['a name search', listing('name', 0, { name: 'ci(contains(chu))' })],
    ['French cards of two copies or more by quantity', listing('quantity', 0, { 'set.language': 'eq(fr)', quantity: 'gte(2)' })],
  ])('%s reads only its page of printings in one statement, its count none', async (_name, request) => {
    const queries = await printingRowsRead(db, (repository) => repository.list(owner, request));
    expect(queries.map((query) => query.rows)).toEqual([size]);
  });

  it('set completion reads no printing', async () => {
    expect((await printingRowsRead(db, (repository) => repository.completion(owner))).map((query) => query.rows)).toEqual([0]);
  });
});
