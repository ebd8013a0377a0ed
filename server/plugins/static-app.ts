import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors.ts';
import { serverSettings } from '../server-settings.ts';

const apiPrefixes = ['/v1/', '/realms/', '/config', '/health', '/openapi'];

/** Hashed build output: a new build gives a changed file a new name, so these never change at their address. */
const hashedFolders = ['assets/'];
const compressedSuffixes = ['.br', '.gz'];

/** The cache-control a built file is served with: immutable for a year when its name is hashed; otherwise revalidated each use. */
export function cacheControlFor(pathInBuild: string): string {
  const path = compressedSuffixes.reduce((name, suffix) => (name.endsWith(suffix) ? name.slice(0, -suffix.length) : name), pathInBuild.split(sep).join('/'));
  if (hashedFolders.some((folder) => path.startsWith(folder))) {
    return `public, max-age=${serverSettings.staticFiles.immutableMaxAge.value}, immutable`;
  }
  return 'no-cache';
}

/**
 * Serves the built app; any other GET that accepts HTML gets index.html so client routes survive a reload.
 * The build writes a Brotli (.br) and a gzip (.gz) copy beside each text and WebAssembly file; the one the
 * client accepts is sent, with `vary: accept-encoding`.
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string): Promise<void> {
  const built = existsSync(`${staticDir}/index.html`);
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: 'index.html',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) => {
        void reply.header('cache-control', cacheControlFor(relative(staticDir, path)));
      },
    });
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
