import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Database } from '../db/open-database.ts';

/**
 * A store for @fastify/rate-limit that counts in the database, so servers sharing one PostgreSQL
 * hold a client to one limit between them. One atomic upsert per attempt: a window that has run
 * out starts again at 1.
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const window = sql`make_interval(secs => ${timeWindow / 1000})`;
      sql<{ hits: number; ttl: number }>`
        insert into rate_limit_hit (key, hits, expires_at) values (${key}, 1, now() + ${window})
        on conflict (key) do update set
          hits = case when rate_limit_hit.expires_at <= now() then 1 else rate_limit_hit.hits + 1 end,
          expires_at = case when rate_limit_hit.expires_at <= now() then now() + ${window} else rate_limit_hit.expires_at end
        returning hits, (extract(epoch from expires_at - now()) * 1000)::float8 as ttl`
        .execute(db)
        .then(
          ({ rows: [row] }) => callback(null, { current: row!.hits, ttl: Math.max(0, Math.round(row!.ttl)) }),
          (error: Error) => callback(error),
        );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** Deletes counters whose window has run out. */
export async function sweepRateLimitHits(db: Database): Promise<void> {
  await db.deleteFrom('rate_limit_hit').where('expires_at', '<=', sql<Date>`now()`).execute();
}
