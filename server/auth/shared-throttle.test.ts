import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { serverSettings } from '../server-settings.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import { testBackends, testConfig } from '../test-support/test-database.ts';

const postgres = testBackends().find((backend) => backend.name === 'postgres');

describe.skipIf(postgres === undefined)('two servers on one PostgreSQL', () => {
  let servers: FastifyInstance[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = postgres!.open();
    drop = database.drop;
    servers = [await buildApp({ config: testConfig(), database: database.options }), await buildApp({ config: testConfig(), database: database.options })];
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await drop?.();
  });

  test('hold one address to one registration limit between them', async () => {
    const register = (server: FastifyInstance, n: number) =>
      server.inject({
        method: 'POST',
        url: '/v1/auth/register',
        remoteAddress: '203.0.113.21',
        payload: { firstName: 'R', lastName: 'R', email: `shared-${n}@example.org`, language: 'en', timezone: '', darkmode: false },
      });
    const limit = serverSettings.throttle.registrationPerAddress.value;
    for (let n = 0; n < limit; n++) expect((await register(servers[n % 2]!, n)).statusCode).toBe(201);
    for (const server of servers) expect((await register(server, limit + servers.indexOf(server))).statusCode).toBe(429);
  });

  test("hold an address that failed an account's password on both, and give the owner's address its turn on both", async () => {
    const [first, second] = servers.map((server) => createSignInThrottle(server.db));
    const failures = serverSettings.throttle.signInFreeFailures.value;
    for (let n = 0; n < failures; n++) {
      const server = [first!, second!][n % 2]!;
      expect(await server.admit('203.0.113.31', 'shared@example.org')).toBeUndefined();
      await server.failed('203.0.113.31', 'shared@example.org');
    }
    for (const server of [first!, second!]) expect(await server.admit('203.0.113.31', 'shared@example.org')).toBeGreaterThan(0);
    expect(await second!.admit('198.51.100.31', 'shared@example.org')).toBeUndefined();
  });
});
