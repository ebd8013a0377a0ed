import { importJWK, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createIdentityUserRepository } from '../identity/identity-user-repository.ts';
import { signInWithCodeFlow } from '../identity/oidc-flow.ts';
import { seedCollectorEmail, seedDevUsers } from '../identity/seed-dev-users.ts';
import { loadSigningKey } from '../identity/signing-key.ts';
import { buildTestApp, testBackends, testConfig, type TestApp } from '../test-support/test-database.ts';
import { freePort } from '../test-support/free-port.ts';

const validProfile = { firstName: 'Casey', lastName: 'Collector', language: 'en', timezone: 'Europe/Paris', darkmode: false };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(testBackends())('control characters where text enters, on $name', (backend) => {
  let test_: TestApp;
  let baseUrl: string;
  let bearer: string;
  const realmUrl = () => `${baseUrl}/realms/cardlens`;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    const env = { PORT: String(port), DEV_COLLECTOR_PASSWORD: 'collector-secret-1' };
    test_ = await buildTestApp(backend, { env });
    await seedDevUsers(test_.app.db, testConfig(env));
    await test_.app.listen({ port, host: 'localhost' });
    const jwk = await loadSigningKey(test_.app.db);
    const user = (await createIdentityUserRepository(test_.app.db).create({ email: 'dana@example.org', firstName: 'Dana', lastName: 'D', passwordHash: null, roles: ['collector'] }))!;
    const now = Math.floor(Date.now() / 1000);
    bearer = await new SignJWT({ realm_access: { roles: ['collector'] }, preferred_username: 'dana@example.org' })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
      .setSubject(user.id)
      .setIssuer(realmUrl())
      .setAudience('card-lens-api')
      .setIssuedAt(now - 10)
      .setExpirationTime(now + 600)
      .sign((await importJWK(jwk, 'RS256')) as CryptoKey);
  });
  afterAll(() => test_?.close());

  test.each([
    ['email', { email: 'ne\u0000w@example.org' }, 'Email holds a control character'],
    ['first name', { firstName: 'Ca\u0000sey' }, 'First name holds a control character'],
    ['last name', { lastName: 'Col\u0007lector' }, 'Last name holds a control character'],
    ['timezone', { timezone: 'Europe/\u007fParis' }, 'Timezone holds a control character'],
  ])('registration refuses a control character in the %s with 400 naming it', async (_field, change, message) => {
    const response = await test_.app.inject({ method: 'POST', url: '/v1/auth/register', payload: { ...validProfile, email: 'new@example.org', ...change } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, error: 'Bad Request', code: 'control_character', message });
  });

  test.each([
    ['first name', { firstName: 'Dana\u0000' }, 'First name holds a control character'],
    ['last name', { lastName: 'D\u001b[31m' }, 'Last name holds a control character'],
    ['language', { language: 'e\u0000' }, 'Language holds a control character'],
  ])('the profile refuses a control character in the %s with 400 naming it', async (_field, change, message) => {
    const response = await test_.app.inject({ method: 'PUT', url: '/v1/auth/profile', headers: { authorization: `Bearer ${bearer}` }, payload: { ...validProfile, ...change } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, error: 'Bad Request', code: 'control_character', message });
  });

  test("the sign-in form refuses a NUL in the email with 400 instead of failing", async () => {
    const result = await signInWithCodeFlow({ baseUrl, realmUrl: realmUrl(), clientId: 'card-lens-app', email: `${seedCollectorEmail}\u0000`, password: 'collector-secret-1' });
    expect(result.refused).toBe(400);
  });

  test('the set-password form refuses a NUL in its token with 400 naming the field', async () => {
    const response = await test_.app.inject({ method: 'POST', url: '/dev/set-password', headers: form, payload: 'token=ab%00c&password=long-enough-1&confirm=long-enough-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, message: "Form field 'token' holds a control character" });
  });

  test("the provider's authorization endpoint refuses a NUL client_id with 400, not 500", async () => {
    const response = await fetch(`${realmUrl()}/protocol/openid-connect/auth?client_id=%00&response_type=code`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, message: "Query parameter 'client_id' holds a control character" });
  });

  test.each([
    ['token', 'grant_type=refresh_token&client_id=card-lens-app&refresh_token=%00', 'refresh_token'],
    ['token', 'grant_type=authorization_code&client_id=card-lens-app&code=a%00b&redirect_uri=x&code_verifier=x', 'code'],
    ['revoke', 'client_id=card-lens-app&token=%00', 'token'],
  ])("the provider's %s endpoint refuses a NUL in its form with 400 naming the field", async (endpoint, body, field) => {
    const response = await fetch(`${realmUrl()}/protocol/openid-connect/${endpoint}`, { method: 'POST', headers: form, body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, message: `Form field '${field}' holds a control character` });
  });

  test.each(['/v1/cards?name=eq(Pika%01chu)', '/v1/sets?name=contains(%1f)', '/dev/outbox?lang=%00'])('%s answers 400 naming the query parameter', async (url) => {
    const response = await test_.app.inject(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Query parameter '(name|lang)' holds a control character$/);
  });
});
