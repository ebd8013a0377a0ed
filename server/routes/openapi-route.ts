import type { FastifyInstance } from 'fastify';

/** The OpenAPI document built by @fastify/swagger from every route's schema. */
export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
