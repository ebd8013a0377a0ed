import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { codeOfStatus, HttpError } from '../http-error.ts';

/**
 * Every error leaves the server as `{ status, error, code, message }`. An HttpError is answered as it
 * says, headers included; any other 5xx is unexpected and never leaks its details. Every 5xx answer
 * is logged with its request id: an unexpected error with its stack, a refusal the server chose
 * (503 busy or not ready) with its code and message, and a 5xx a route sent itself with its address.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const logged = new WeakSet<FastifyRequest>();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) {
        logged.add(request);
        // A refusal the server chose (busy, not ready): its stack is the same every time.
        request.log.warn({ code: error.code, reason: error.message }, `answered ${error.statusCode} ${error.code}`);
      }
      return reply.status(error.statusCode).headers(error.headers).send(sendError(error.statusCode, error.message, error.code));
    }
    const validation = error.validation !== undefined;
    const status = validation ? 400 : error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      logged.add(request);
      request.log.error({ err: error }, `answered ${status}: ${error.message}`);
    }
    const message = status >= 500 ? 'Internal server error' : clientMessage(error, request.headers['content-type']);
    return reply.status(status).send(sendError(status, message));
  });
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.raw.statusCode;
    if (status >= 500 && !logged.has(request)) request.log.error({ method: request.method, url: request.url }, `answered ${status}`);
  });
}

/** Fastify's own wording where it does not say what the client should change. */
function clientMessage(error: FastifyError, contentType: string | undefined): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return contentType ? `Content-Type '${contentType}' is not accepted here` : 'A body needs a Content-Type';
  }
  return error.message;
}

/** The API's one error shape: the status, its name, a stable code clients translate, and a message for people. */
export function sendError(status: number, message: string, code = codeOfStatus(status)) {
  return { status, error: STATUS_CODES[status] ?? 'Error', code, message };
}
