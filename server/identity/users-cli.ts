// `npm run users -- list` | `npm run users -- reset-password <email> [--password <new>]`
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { databaseOptionsFromConfig } from '../db/database-options.ts';
import { DataFolderInUseError } from '../db/data-folder-lock.ts';
import { openDatabase } from '../db/open-database.ts';
import { ConfigError, readConfig } from '../env.ts';
import { runCli } from '../run-cli.ts';
import { minimumPasswordLength } from './register-dev-identity.ts';
import { createIdentityUserRepository } from './identity-user-repository.ts';
import { hashPassword } from './password-hash.ts';

const usage = `Usage: npm run users -- <command>
Accounts of the embedded sign-in provider (not Keycloak's: use its admin console).
  list                                  every account with its roles
  reset-password <email> [--password p] sets a new password (drawn at random unless given) and prints it
The database is DATABASE_URL when set, else PGlite in DATA_DIR (default ./data); with PGlite, stop
the server first.`;

class UsageError extends Error {}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { password: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  const [command, email] = positionals;
  if (values.help || !command) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  if (command !== 'list' && command !== 'reset-password') throw new UsageError(`unknown command '${command}'; see --help`);
  if (command === 'reset-password' && !email) throw new UsageError('reset-password needs the account\'s email');
  const password = values.password ?? randomBytes(12).toString('base64url');
  if (password.length < minimumPasswordLength) throw new UsageError(`the password must have at least ${minimumPasswordLength} characters`);
  const db = await openDatabase(databaseOptionsFromConfig(readConfig()));
  try {
    const users = createIdentityUserRepository(db);
    if (command === 'list') {
      for (const user of await users.list()) console.log(`${user.email}  (${user.roles.join(', ')})${user.passwordHash ? '' : '  no password set yet'}`);
      return 0;
    }
    const user = await users.findByEmail(email!);
    if (!user) throw new UsageError(`no account with the email ${email}`);
    await users.setPassword(user.id, await hashPassword(password));
    console.log(`New password for ${user.email}: ${password}`);
    return 0;
  } finally {
    await db.destroy();
  }
}

await runCli('users', main, [UsageError, ConfigError, DataFolderInUseError]);
