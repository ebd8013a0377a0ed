import type { AccountDirectory } from '../auth/account-directory.ts';
import type { Database } from '../db/open-database.ts';
import type { IdentityUserRepository } from './identity-user-repository.ts';
import type { PasswordTickets } from './password-tickets.ts';

export const defaultRoles = ['collector'];

/** Registration on the embedded provider: the set-password message lands in the outbox page. */
export function createDevAccountDirectory(db: Database, users: IdentityUserRepository, tickets: PasswordTickets, publicUrl: string): AccountDirectory {
  return {
    async register(account) {
      const user = await users.create({ ...account, passwordHash: null, roles: defaultRoles });
      if (!user) return undefined;
      const token = await tickets.issue(user.id);
      const link = `${publicUrl}/dev/set-password?token=${encodeURIComponent(token)}&lang=${encodeURIComponent(account.language)}`;
      await db.insertInto('identity_outbox').values({ recipient: user.email, subject: 'Set your Card Lens password', link }).execute();
      return { subject: user.id };
    },
  };
}
