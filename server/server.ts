import { buildApp } from './app.ts';
import { ConfigError, readConfig } from './env.ts';

try {
  const config = readConfig();
  const app = await buildApp({ config, logger: process.env.LOG_REQUESTS === '1' });
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
