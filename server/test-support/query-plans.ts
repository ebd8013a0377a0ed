import { CompiledQuery, sql, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { generateCatalog } from '../../bench/catalog/generate-catalog.ts';
import type { Database } from '../db/open-database.ts';
import { buildTestApp, type TestApp, type TestBackend } from './test-database.ts';

/**
 * Records the queries a repository sends, so their plans can be asked for. A builder keeps its
 * query id when it is also built into another query as a subquery, so a query is the node last
 * built under its id before it answered.
 */
export function recordQueries(): { plugin: KyselyPlugin; queries: RootOperationNode[] } {
  const built = new Map<QueryId, RootOperationNode>();
  const queries: RootOperationNode[] = [];
  return {
    queries,
    plugin: {
      transformQuery: ({ node, queryId }) => (built.set(queryId, node), node),
      transformResult: async ({ result, queryId }) => (queries.push(built.get(queryId)!), result),
    },
  };
}

/**
 * The plans of every query `send` makes, in the order they answered, with table scans and ordered
 * index walks ruled out: a small test table would take either, and what is checked is that an
 * index can serve the query.
 */
export async function plansOf(db: Database, send: (db: Database) => Promise<unknown>): Promise<string[]> {
  const { plugin, queries } = recordQueries();
  await send(db.withPlugin(plugin));
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_indexscan = off`.execute(trx);
    const plans: string[] = [];
    for (const node of queries) {
      const compiled = db.getExecutor().compileQuery(node, { queryId: 'plan' });
      const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
      plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    return plans;
  });
}

/**
 * The plan of a list's count alone. A page past the end has no rows to carry the total, so the
 * list asks for its count by itself, after the page.
 */
export async function countPlanOf(db: Database, listPastTheEnd: (db: Database) => Promise<unknown>): Promise<string> {
  const plans = await plansOf(db, listPastTheEnd);
  if (plans.length !== 2) throw new Error(`expected a page and a count, got ${plans.length} queries`);
  return plans[1]!;
}

/**
 * An app on a generated catalogue of 3,000 printings, analysed: enough printings that reading a
 * whole index costs more than a lookup, as it does in production, so plans are the ones it gets.
 */
export async function analysedCatalogue(backend: TestBackend): Promise<TestApp> {
  const test = await buildTestApp(backend, { catalog: generateCatalog(3_000) });
  await sql`analyze`.execute(test.app.db);
  return test;
}
