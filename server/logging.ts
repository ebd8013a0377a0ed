import type { FastifyServerOptions } from 'fastify';

export interface ServerLogging {
  logger: NonNullable<FastifyServerOptions['logger']>;
  /** Logs every request and its answer as well; errors are logged either way. */
  logRequests: boolean;
}

/**
 * How the server logs: answers of 5xx always, with their request id and stack, as JSON lines on
 * stdout; every request too when LOG_REQUESTS=1 (noisy, for tracing one problem).
 */
export function serverLogging(env: NodeJS.ProcessEnv = process.env, stream: NodeJS.WritableStream = process.stdout): ServerLogging {
  return { logger: { level: 'info', stream }, logRequests: env.LOG_REQUESTS === '1' };
}
