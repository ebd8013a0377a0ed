import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './env.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerStaticApp } from './plugins/static-app.ts';
import { registerConfigRoute } from './routes/config-route.ts';
import { registerHealthRoute } from './routes/health-route.ts';

export interface AppOptions {
  config: ServerConfig;
  logger?: boolean;
}

/** Builds the whole API without listening, so tests inject requests and `server.ts` only binds a port. */
export async function buildApp({ config, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 1024 * 1024 });
  registerErrorHandling(app);
  registerHealthRoute(app);
  registerConfigRoute(app, config);
  await registerStaticApp(app, config.staticDir);
  return app;
}
