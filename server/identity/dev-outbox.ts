import type { Database } from '../db/open-database.ts';
import type { Mailer } from './mailer.ts';

export interface OutboxMessage {
  recipient: string;
  subject: string;
  text: string;
  createdAt: Date;
}

/**
 * Mail on a server with no SMTP: kept in the database for the outbox page, which only an
 * administrator may read, and written to the server's log for whoever runs it.
 */
export function createDevOutbox(db: Database, log: (line: string) => void) {
  const mailer: Mailer = {
    async send({ to, subject, text }) {
      await db.insertInto('identity_outbox').values({ recipient: to, subject, body: text }).execute();
      log(`Mail to ${to} (no SMTP_URL set, kept in the outbox): ${subject}\n${text}`);
    },
  };
  return {
    mailer,
    async latest(limit: number): Promise<OutboxMessage[]> {
      const rows = await db.selectFrom('identity_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({ recipient: row.recipient, subject: row.subject, text: row.body, createdAt: new Date(row.created_at) }));
    },
  };
}

export type DevOutbox = ReturnType<typeof createDevOutbox>;
