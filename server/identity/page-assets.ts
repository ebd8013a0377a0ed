import type { FastifyInstance } from 'fastify';
import { pageAssetsPath, pageScripts, pageStyle } from './html-page.ts';

/** Serves the identity pages' stylesheet and scripts as files. */
export function registerPageAssets(app: FastifyInstance): void {
  app.get(`${pageAssetsPath}/page.css`, (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(pageStyle));
  for (const [name, source] of Object.entries(pageScripts)) {
    app.get(`${pageAssetsPath}/${name}`, (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(source));
  }
}
