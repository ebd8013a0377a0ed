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

export interface Hits {
  hits: number;
  /** Milliseconds until the count runs out (or, for a wait, until it is over). */
  ttlMs: number;
}

/**
 * Adds one to `key`'s count and answers it. `hold: 'window'` keeps a fixed window from the first
 * hit (a window that has run out starts again at 1); `hold: 'since-last'` keeps the count for
 * `holdMs` after the latest hit, so it only runs out after that long without one.
 */
export async function addHit(db: Database, key: string, holdMs: number, hold: 'window' | 'since-last'): Promise<Hits> {
  const span = sql`make_interval(secs => ${holdMs / 1000})`;
  const expires = hold === 'window' ? sql`case when rate_limit_hit.expires_at <= now() then now() + ${span} else rate_limit_hit.expires_at end` : sql`now() + ${span}`;
  const { rows } = await sql<{ hits: number; ttl: number }>`
    insert into rate_limit_hit (key, hits, expires_at) values (${key}, 1, now() + ${span})
    on conflict (key) do update set
      hits = case when rate_limit_hit.expires_at <= now() then 1 else rate_limit_hit.hits + 1 end,
      expires_at = ${expires}
    returning hits, (extract(epoch from expires_at - now()) * 1000)::float8 as ttl`.execute(db);
  return { hits: rows[0]!.hits, ttlMs: Math.max(0, Math.round(rows[0]!.ttl)) };
}

/** Counts one more hit on `key` and holds it until `untilMs` from now at least (never shortened). */
export async function holdHit(db: Database, key: string, untilMs: number): Promise<void> {
  const until = sql`now() + make_interval(secs => ${untilMs / 1000})`;
  await sql`
    insert into rate_limit_hit (key, hits, expires_at) values (${key}, 1, ${until})
    on conflict (key) do update set
      hits = case when rate_limit_hit.expires_at <= now() then 1 else rate_limit_hit.hits + 1 end,
      expires_at = greatest(rate_limit_hit.expires_at, ${until})`.execute(db);
}

/** Takes back one hit on `key` (an attempt that turned out not to count). */
export async function removeHit(db: Database, key: string): Promise<void> {
  await sql`update rate_limit_hit set hits = greatest(hits - 1, 0) where key = ${key} and expires_at > now()`.execute(db);
}

/** `key`'s live count, or undefined when it has none or it has run out. */
export async function currentHits(db: Database, key: string): Promise<Hits | undefined> {
  const { rows } = await sql<{ hits: number; ttl: number }>`
    select hits, (extract(epoch from expires_at - now()) * 1000)::float8 as ttl from rate_limit_hit
    where key = ${key} and expires_at > now()`.execute(db);
  return rows[0] && { hits: rows[0].hits, ttlMs: Math.max(0, Math.round(rows[0].ttl)) };
}

/** Forgets `key`'s count. */
export async function clearHits(db: Database, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_hit').where('key', '=', key).execute();
}
