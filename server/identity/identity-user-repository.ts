import { randomUUID } from 'node:crypto';
import type { Database } from '../db/open-database.ts';

export interface IdentityUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  roles: string[];
}

export interface NewIdentityUser {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  roles: string[];
}

export interface IdentityUserRepository {
  findById(id: string): Promise<IdentityUser | undefined>;
  findByEmail(email: string): Promise<IdentityUser | undefined>;
  /** Answers undefined when the email is taken. */
  create(user: NewIdentityUser): Promise<IdentityUser | undefined>;
  setPassword(id: string, passwordHash: string): Promise<void>;
  /** Removes an account that was never usable (its set-password mail could not be sent). */
  remove(id: string): Promise<void>;
  count(): Promise<number>;
  /** Every account, by email. */
  list(): Promise<IdentityUser[]>;
}

type Row = { id: string; email: string; first_name: string; last_name: string; password_hash: string | null; roles: string[] };

function toUser(row: Row): IdentityUser {
  return { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, passwordHash: row.password_hash, roles: row.roles };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createIdentityUserRepository(db: Database): IdentityUserRepository {
  const columns = ['id', 'email', 'first_name', 'last_name', 'password_hash', 'roles'] as const;
  return {
    async findById(id) {
      const row = await db.selectFrom('identity_user').select(columns).where('id', '=', id).executeTakeFirst();
      return row ? toUser(row) : undefined;
    },
    async findByEmail(email) {
      const row = await db.selectFrom('identity_user').select(columns).where('email', '=', normalizeEmail(email)).executeTakeFirst();
      return row ? toUser(row) : undefined;
    },
    async create(user) {
      const row = await db
        .insertInto('identity_user')
        .values({
          id: randomUUID(),
          email: normalizeEmail(user.email),
          first_name: user.firstName,
          last_name: user.lastName,
          password_hash: user.passwordHash,
          roles: JSON.stringify(user.roles),
        })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .returning(columns)
        .executeTakeFirst();
      return row ? toUser(row) : undefined;
    },
    async setPassword(id, passwordHash) {
      await db.updateTable('identity_user').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    },
    async remove(id) {
      await db.deleteFrom('identity_user').where('id', '=', id).execute();
    },
    async list() {
      const rows = await db.selectFrom('identity_user').select(columns).orderBy('email').execute();
      return rows.map(toUser);
    },
    async count() {
      const row = await db.selectFrom('identity_user').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
