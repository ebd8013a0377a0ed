import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors.ts';

const apiPrefixes = ['/v1/', '/realms/', '/config', '/health', '/openapi'];

/** Serves the built app; any other GET that accepts HTML gets index.html so client routes survive a reload. */
export async function registerStaticApp(app: FastifyInstance, staticDir: string): Promise<void> {
  const built = existsSync(`${staticDir}/index.html`);
  if (built) {
    await app.register(fastifyStatic, { root: staticDir, wildcard: false, index: 'index.html' });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = apiPrefixes.some((prefix) => request.url.startsWith(prefix));
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (built && !isApi && wantsHtml) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(sendError(404, `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
