import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

/**
 * Fastify answers a few faults before any route or error handler sees the request (an address it
 * cannot decode, a path parameter over `maxParamLength`); these answer them in the API's shape.
 */
export function frameworkErrors(maxParamLength: number) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    if (error.code === 'FST_ERR_BAD_URL') {
      void reply.status(400).send(sendError(400, 'The address is not valid: it holds a malformed %-escape'));
      return;
    }
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      void reply.status(414).send(sendError(414, `A path segment of the address is longer than ${maxParamLength} characters`));
      return;
    }
    void reply.status(400).send(sendError(400, 'The request cannot be routed'));
  };
}
