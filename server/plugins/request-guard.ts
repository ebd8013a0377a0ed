import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error.ts';

/** Refuses, before any route reads it, an address longer than any client writes. */
export function registerRequestGuard(app: FastifyInstance, maxUrlLength: number): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.length > maxUrlLength) throw new HttpError(414, `The address is longer than ${maxUrlLength} characters`);
  });
}
