import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../env.ts';

/** What the app needs to reach the identity provider; nothing secret goes here. */
export function registerConfigRoute(app: FastifyInstance, config: ServerConfig): void {
  const { url, realm, clientId, authority, mode } = config.identity;
  const body = {
    url,
    realm,
    clientId,
    authority: authority ?? `${url}/realms/${realm}`,
    mode,
  };
  app.get('/config', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return body;
  });
}
