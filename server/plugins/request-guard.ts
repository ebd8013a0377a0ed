import type { FastifyInstance } from 'fastify';
import { refuseControlCharacters } from '../control-characters.ts';
import { HttpError } from '../http-error.ts';

/**
 * Refuses, before any route reads them, addresses longer than any client writes and path parameters
 * or query strings holding control characters (decoded, e.g. `%00`), so no lookup, page or sign-in
 * provider meets them.
 */
export function registerRequestGuard(app: FastifyInstance, maxUrlLength: number): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.length > maxUrlLength) throw new HttpError(414, `The address is longer than ${maxUrlLength} characters`);
    refuseControlCharacters(request.params as Record<string, unknown>, 'Path parameter');
    refuseControlCharacters(request.query as Record<string, unknown>, 'Query parameter');
  });
}
