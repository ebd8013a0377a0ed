import { randomBytes } from 'node:crypto';
import type { Database } from '../db/open-database.ts';
import type { ServerConfig } from '../env.ts';
import { createProfileRepository } from '../auth/profile-repository.ts';
import { createIdentityUserRepository } from './identity-user-repository.ts';
import { hashPassword } from './password-hash.ts';

export interface SeededUser {
  email: string;
  password: string;
  roles: string[];
}

export const seedCollectorEmail = 'collector@cardlens.localhost';
export const seedAdminEmail = 'admin@cardlens.localhost';

/**
 * A new install gets a collector and an administrator; passwords come from the environment or are
 * drawn at random and answered once, so they are never stored anywhere readable.
 */
export async function seedDevUsers(db: Database, config: ServerConfig): Promise<SeededUser[]> {
  const users = createIdentityUserRepository(db);
  if ((await users.count()) > 0) return [];
  const profiles = createProfileRepository(db);
  const wanted = [
    { email: seedCollectorEmail, firstName: 'Casey', lastName: 'Collector', roles: ['collector'], password: config.identity.dev.collectorPassword },
    { email: seedAdminEmail, firstName: 'Ada', lastName: 'Admin', roles: ['administrator', 'iam.debug.admin'], password: config.identity.dev.adminPassword },
  ];
  const seeded: SeededUser[] = [];
  for (const { password: fixed, ...user } of wanted) {
    const password = fixed ?? randomBytes(12).toString('base64url');
    const created = await users.create({ ...user, passwordHash: await hashPassword(password) });
    if (!created) continue;
    await profiles.save(created.id, { firstName: user.firstName, lastName: user.lastName, language: 'en', timezone: '', darkmode: false });
    seeded.push({ email: user.email, password, roles: user.roles });
  }
  return seeded;
}
