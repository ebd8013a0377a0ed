import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { HttpError } from './http-error.ts';
import { serverLogging } from './logging.ts';
import { testConfig } from './test-support/test-database.ts';

/** The JSON lines the server logs, as it logs them by default (no LOG_REQUESTS). */
function capture(): { stream: Writable; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { stream, lines };
}

describe('what the server logs by default', () => {
  const { stream, lines } = capture();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), database: { kind: 'pglite' }, ...serverLogging({}, stream) });
    app.get('/fails', async () => {
      throw new TypeError('a bug');
    });
    app.get('/busy', async () => {
      throw new HttpError(503, 'Too busy', { code: 'too_busy' });
    });
    app.get('/answers-502', async (_request, reply) => reply.status(502).send({ status: 502 }));
    await app.ready();
  });
  afterAll(() => app?.close());

  test('normal requests and client errors log nothing', async () => {
    const ok = await app.inject('/health');
    const missing = await app.inject('/v1/sets/nope');
    expect([ok.statusCode, missing.statusCode]).toEqual([200, 404]);
    expect(lines.filter((line) => typeof line.reqId === 'string')).toEqual([]);
  });

  test('an unexpected error is logged with its request id and stack', async () => {
    const response = await app.inject('/fails');
    expect(response.statusCode).toBe(500);
    const logged = lines.filter((line) => line.msg === 'answered 500: a bug');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, reqId: expect.any(String), err: { type: 'TypeError', stack: expect.stringContaining('TypeError: a bug') } });
  });

  test('a 5xx the server chose is logged with its code, reason and request id', async () => {
    expect((await app.inject('/busy')).statusCode).toBe(503);
    const logged = lines.filter((line) => line.msg === 'answered 503 too_busy');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 40, reqId: expect.any(String), code: 'too_busy', reason: 'Too busy' });
  });

  test('a 5xx a route answers without an error is logged with its request id', async () => {
    expect((await app.inject('/answers-502')).statusCode).toBe(502);
    expect(lines.filter((line) => line.msg === 'answered 502')).toMatchObject([{ level: 50, reqId: expect.any(String), url: '/answers-502' }]);
  });

  test('LOG_REQUESTS=1 logs every request as well', async () => {
    const verbose = capture();
    const traced = await buildApp({ config: testConfig(), database: { kind: 'pglite' }, ...serverLogging({ LOG_REQUESTS: '1' }, verbose.stream) });
    try {
      expect((await traced.inject('/health')).statusCode).toBe(200);
    } finally {
      await traced.close();
    }
    expect(verbose.lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });
});
