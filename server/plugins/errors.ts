import type { FastifyError, FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';

/** Every error leaves the server as `{ status, error, message }`; unexpected ones never leak details. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const validation = error.validation !== undefined;
    const status = validation ? 400 : error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    const message = status >= 500 ? 'Internal server error' : error.message;
    void reply.status(status).send({ status, error: STATUS_CODES[status] ?? 'Error', message });
  });
}

export function sendError(status: number, message: string) {
  return { status, error: STATUS_CODES[status] ?? 'Error', message };
}
