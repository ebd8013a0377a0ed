import { importJWK, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createIdentityUserRepository } from '../identity/identity-user-repository.ts';
import { loadSigningKey } from '../identity/signing-key.ts';
import { buildTestApp, testBackends, testConfig, type TestApp } from '../test-support/test-database.ts';

describe.each(testBackends())('control characters in path parameters and token claims, on $name', (backend) => {
  let test_: TestApp;
  let sign: (subject: string, claims?: Record<string, unknown>) => Promise<string>;
  let subject: string;

  beforeAll(async () => {
    test_ = await buildTestApp(backend);
    const jwk = await loadSigningKey(test_.app.db);
    const key = (await importJWK(jwk, 'RS256')) as CryptoKey;
    const { issuer } = testConfig().identity;
    subject = (await createIdentityUserRepository(test_.app.db).create({ email: 'dana@example.org', firstName: 'Dana', lastName: 'D', passwordHash: null, roles: ['collector'] }))!.id;
    sign = (sub, claims = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ realm_access: { roles: ['collector'] }, preferred_username: 'dana@example.org', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
        .setSubject(sub)
        .setIssuer(issuer)
        .setAudience('card-lens-api')
        .setIssuedAt(now - 10)
        .setExpirationTime(now + 600)
        .sign(key);
    };
  });
  afterAll(() => test_?.close());

  test('a validly signed token works, so the refusals below are about the control characters', async () => {
    const response = await test_.app.inject({ url: '/v1/collection/sets/en', headers: { authorization: `Bearer ${await sign(subject)}` } });
    expect(response.statusCode).toBe(200);
  });

  test.each([
    ['GET', '/v1/collection/sets/en%00x', 'id'],
    ['DELETE', '/v1/collection/a%01b', 'id'],
    ['GET', '/v1/sets/sv%7f1', 'id'],
    ['GET', '/cards/x%1by', '*'],
  ] as const)('%s %s answers 400 naming the path parameter', async (method, url, name) => {
    const response = await test_.app.inject({ method, url, headers: { authorization: `Bearer ${await sign(subject)}` } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, error: 'Bad Request', code: 'control_character', message: `Path parameter '${name}' holds a control character` });
  });

  test.each([
    ['sub', () => sign(`${subject}\u0000`)],
    ['preferred_username', () => sign(subject, { preferred_username: 'dana\u0000@example.org' })],
    ['realm_access.roles[0]', () => sign(subject, { realm_access: { roles: ['collector\u0007'] } })],
  ])("a validly signed token whose claim %s holds a control character answers 401 naming it", async (claim, token) => {
    for (const url of ['/v1/collection/sets/en', '/v1/auth/profile']) {
      const response = await test_.app.inject({ url, headers: { authorization: `Bearer ${await token()}` } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 401, error: 'Unauthorized', code: 'unauthorized', message: `The access token's claim '${claim}' holds a control character` });
    }
  });
});
