import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/open-database.ts';
import { testConfig } from '../test-support/test-database.ts';
import { createIdentityUserRepository } from './identity-user-repository.ts';
import { verifyPassword } from './password-hash.ts';
import { seedAdminEmail, seedDevUsers } from './seed-dev-users.ts';

describe('npm run users', () => {
  let dataDir: string;
  const users = (...args: string[]) => spawnSync('npx', ['tsx', 'server/identity/users-cli.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });
  const storedHash = async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      return (await createIdentityUserRepository(db).findByEmail(seedAdminEmail))!.passwordHash!;
    } finally {
      await db.destroy();
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'card-lens-users-'));
    const db = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    await seedDevUsers(db, testConfig({ DEV_ADMIN_PASSWORD: 'first-password-1' }));
    await db.destroy();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('reset-password gives an account a new password that signs in, and the old one no longer does', async () => {
    const reset = users('reset-password', seedAdminEmail.toUpperCase());
    expect(reset.status).toBe(0);
    const password = /New password for admin@cardlens\.localhost: (\S+)/.exec(reset.stdout)![1]!;
    const hash = await storedHash();
    expect(await verifyPassword(password, hash)).toBe(true);
    expect(await verifyPassword('first-password-1', hash)).toBe(false);
  });

  test('an unknown email and a short password are refused with what is wrong', () => {
    const unknown = users('reset-password', 'nobody@example.org');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('no account with the email nobody@example.org');
    const short = users('reset-password', seedAdminEmail, '--password', 'short');
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('at least 8 characters');
  });
});
