import { buildApp } from './app.ts';
import { DataFolderInUseError } from './db/data-folder-lock.ts';
import { seedIfEmpty } from './catalog/import/seed-if-empty.ts';
import { ConfigError, readConfig } from './env.ts';
import { seedDevUsers } from './identity/seed-dev-users.ts';
import { serverLogging } from './logging.ts';

try {
  const config = readConfig();
  const app = await buildApp({ config, ...serverLogging() });
  const seeded = await seedIfEmpty(app.db);
  if (seeded) console.log(`Catalogue seeded with the demo data: ${seeded.sets} sets, ${seeded.printings} printings`);
  if (config.identity.embedded) {
    for (const user of await seedDevUsers(app.db, config)) {
      console.log(`Sign-in user created: ${user.email} / ${user.password} (roles: ${user.roles.join(', ')}); this password is shown only once`);
    }
  }
  await app.listen({ port: config.port, host: config.host });
  console.log(`Card Lens is running at ${config.publicUrl}`);
  const close = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(2);
  }
  if (error instanceof DataFolderInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
