import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/open-database.ts';

const ticketTtlMs = 24 * 60 * 60 * 1000;

function digest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** One-use set-password links; only a digest of the token is stored. */
export function createPasswordTickets(db: Database) {
  return {
    async issue(userId: string, now = new Date()): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('identity_password_ticket')
        .values({ token_hash: digest(token), user_id: userId, expires_at: new Date(now.getTime() + ticketTtlMs) })
        .execute();
      return token;
    },
    /** Answers the user of a valid, unused ticket. */
    async peek(token: string, now = new Date()): Promise<string | undefined> {
      const row = await db
        .selectFrom('identity_password_ticket')
        .select('user_id')
        .where('token_hash', '=', digest(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.user_id;
    },
    async consume(token: string, now = new Date()): Promise<string | undefined> {
      const row = await db
        .updateTable('identity_password_ticket')
        .set({ used_at: now })
        .where('token_hash', '=', digest(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },
  };
}

export type PasswordTickets = ReturnType<typeof createPasswordTickets>;
