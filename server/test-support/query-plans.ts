import { CompiledQuery, sql, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import type { Database } from '../db/open-database.ts';

/** Records the queries a repository sends (not the subqueries built into them), so their plans can be asked for. */
function recordQueries(): { plugin: KyselyPlugin; queries: () => RootOperationNode[] } {
  const built: Array<{ queryId: QueryId; node: RootOperationNode }> = [];
  const sent = new Set<QueryId>();
  return {
    queries: () => built.filter(({ queryId }) => sent.has(queryId)).map(({ node }) => node),
    plugin: {
      transformQuery: ({ node, queryId }) => (built.push({ queryId, node }), node),
      transformResult: async ({ result, queryId }) => (sent.add(queryId), result),
    },
  };
}

/**
 * The plans of every query `send` makes, in the order it made them, with table scans and ordered
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
    for (const node of queries()) {
      const compiled = db.getExecutor().compileQuery(node, { queryId: 'plan' });
      const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
      plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    return plans;
  });
}
