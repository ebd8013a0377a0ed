import { buildApp } from './app.ts';
import { seedIfEmpty } from './catalog/import/seed-if-empty.ts';
import { ConfigError, readConfig } from './env.ts';

try {
  const config = readConfig();
  const app = await buildApp({ config, logger: process.env.LOG_REQUESTS === '1' });
  const seeded = await seedIfEmpty(app.db);
  if (seeded) console.log(`Catalogue seeded with the demo data: ${seeded.sets} sets, ${seeded.printings} printings`);
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
  throw error;
}
