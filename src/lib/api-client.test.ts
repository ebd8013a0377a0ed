import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/env.ts';
import { createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';

// The real server shell on a loopback port, with two extra routes that echo what the client sent.
let server: FastifyInstance;
let baseUrl: string;
// The slow route answers only when the test lets it, after the client has given up: no race with a timer.
let answerSlow = () => {};

beforeAll(async () => {
  server = await buildApp({ config: readConfig({ STATIC_DIR: '/nonexistent' }), database: { kind: 'pglite' } });
  server.get('/v1/echo', async (request) => ({ authorization: request.headers.authorization ?? null, accept: request.headers.accept }));
  server.get('/v1/bare-error', async (_request, reply) => reply.status(502).send(''));
  server.get('/v1/slow', () => new Promise((resolve) => (answerSlow = () => resolve({ late: true }))));
  baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(() => server.close());

describe('API client', () => {
  test('asks for JSON and reads it', async () => {
    const api = createApiClient({ baseUrl });
    expect(await api.get('/config')).toMatchObject({ realm: 'cardlens' });
    expect(await api.get('/v1/echo')).toEqual({ authorization: null, accept: 'application/json' });
  });

  test('sends the bearer token when one exists', async () => {
    const api = createApiClient({ baseUrl, accessToken: async () => 'token-123' });
    expect(await api.get('/v1/echo')).toMatchObject({ authorization: 'Bearer token-123' });
  });

  test('an error carries the server message, the status and the body', async () => {
    const api = createApiClient({ baseUrl });
    const error = await api.get('/v1/missing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'No route for GET /v1/missing', status: 404, data: { status: 404, error: 'Not Found' } });
  });

  test("without a server message the error says 'HTTP error' and the status", async () => {
    const error = await createApiClient({ baseUrl }).get('/v1/bare-error').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ message: 'HTTP error 502', status: 502 });
  });

  test('a request that takes too long fails with the client message', async () => {
    const error = await createApiClient({ baseUrl, timeoutMs: 100 }).get('/v1/slow').catch((caught: unknown) => caught);
    answerSlow();
    expect(error).toMatchObject({ message: 'Request timed out', status: undefined });
  });

  test('an unreachable server fails with the client message', async () => {
    const error = await createApiClient({ baseUrl: 'http://127.0.0.1:9' }).get('/config').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeUndefined();
    expect((error as ApiError).message).not.toBe('');
  });

  test('the default time-out is 20 s', async () => {
    const { requestTimeoutMs } = await import('./api-client.ts');
    expect(requestTimeoutMs).toBe(20_000);
  });
});
