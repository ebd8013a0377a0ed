import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { buildTestApp, testBackends, type TestApp } from '../test-support/test-database.ts';
import { loadSigningKey } from '../identity/signing-key.ts';
import { createDevOutbox } from '../identity/dev-outbox.ts';
import { createIdentityUserRepository } from '../identity/identity-user-repository.ts';

const issuer = 'http://localhost:8080/realms/cardlens';
const audience = 'card-lens-api';

describe.each(testBackends())('accounts API on $name', (backend) => {
  let test_: TestApp;
  let key: CryptoKey;
  let kid: string;
  let collectorId: string;

  beforeAll(async () => {
    test_ = await buildTestApp(backend);
    const jwk: JWK = await loadSigningKey(test_.app.db);
    kid = jwk.kid!;
    key = (await importJWK(jwk, 'RS256')) as CryptoKey;
    const users = createIdentityUserRepository(test_.app.db);
    collectorId = (await users.create({ email: 'casey@example.org', firstName: 'Casey', lastName: 'C', passwordHash: null, roles: ['collector'] }))!.id;
  });
  afterAll(() => test_?.close());

  async function token(claims: Record<string, unknown> = {}, options: { iss?: string; aud?: string; exp?: number; iat?: number; signWith?: CryptoKey } = {}) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ realm_access: { roles: ['collector'] }, preferred_username: 'casey@example.org', sub: collectorId, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(options.iss ?? issuer)
      .setAudience(options.aud ?? audience)
      .setIssuedAt(options.iat ?? now - 10)
      .setExpirationTime(options.exp ?? now + 300)
      .sign(options.signWith ?? key);
  }

  const profile = (authorization?: string) =>
    test_.app.inject({ method: 'GET', url: '/v1/auth/profile', headers: authorization ? { authorization } : {} });
  const save = async (body: unknown) =>
    test_.app.inject({ method: 'PUT', url: '/v1/auth/profile', headers: { authorization: `Bearer ${await token()}` }, payload: body as object });

  const validProfile = { firstName: 'Casey', lastName: 'Collector', language: 'fr', timezone: 'Europe/Paris', darkmode: true };

  test('a valid token reads the profile with profiles and permissions from its roles', async () => {
    const response = await profile(`Bearer ${await token()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ language: 'en', darkmode: false, profiles: ['collector'], permissions: [] });
  });

  describe('every unusable token answers 401', () => {
    test('no token', async () => {
      const response = await profile();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, code: 'token_required', message: 'A bearer access token is required' });
    });

    test('expired beyond the clock skew', async () => {
      expect((await profile(`Bearer ${await token({}, { exp: Math.floor(Date.now() / 1000) - 120 })}`)).statusCode).toBe(401);
    });

    test('issued in the future beyond the clock skew', async () => {
      expect((await profile(`Bearer ${await token({}, { iat: Math.floor(Date.now() / 1000) + 3600 })}`)).statusCode).toBe(401);
    });

    test.each([[42], [['casey']], [{ id: 'casey' }], ['']])('a subject that is not a non-empty string: %j', async (sub) => {
      expect((await profile(`Bearer ${await token({ sub })}`)).statusCode).toBe(401);
    });

    test('expired within the clock skew is still accepted', async () => {
      expect((await profile(`Bearer ${await token({}, { exp: Math.floor(Date.now() / 1000) - 5 })}`)).statusCode).toBe(200);
    });

    test('tampered payload', async () => {
      const [header, , signature] = (await token()).split('.');
      const forged = Buffer.from(JSON.stringify({ sub: collectorId, iss: issuer, aud: audience, exp: 9_999_999_999, realm_access: { roles: ['iam.debug.admin'] } })).toString('base64url');
      const response = await profile(`Bearer ${header}.${forged}.${signature}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Invalid or expired access token' });
    });

    test('signed by another key', async () => {
      const { privateKey } = await generateKeyPair('RS256');
      expect((await profile(`Bearer ${await token({}, { signWith: privateKey })}`)).statusCode).toBe(401);
    });

    test('wrong issuer', async () => {
      expect((await profile(`Bearer ${await token({}, { iss: 'http://evil.example/realms/cardlens' })}`)).statusCode).toBe(401);
    });

    test('wrong audience', async () => {
      expect((await profile(`Bearer ${await token({}, { aud: 'another-api' })}`)).statusCode).toBe(401);
    });

    test('alg: none', async () => {
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: collectorId, iss: issuer, aud: audience, exp: 9_999_999_999 })}.`;
      expect((await profile(`Bearer ${unsigned}`)).statusCode).toBe(401);
    });

    test('not a JWT at all', async () => {
      expect((await profile('Bearer not-a-token')).statusCode).toBe(401);
    });
  });

  test('a missing permission answers 403, holding it answers 204', async () => {
    const denied = await test_.app.inject({ method: 'GET', url: '/v1/auth/debug-access', headers: { authorization: `Bearer ${await token()}` } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ status: 403, code: 'permission_required', message: "Permission 'iam.debug.admin' is required" });
    const admin = await token({ realm_access: { roles: ['administrator', 'iam.debug.admin'] } });
    expect((await test_.app.inject({ method: 'GET', url: '/v1/auth/debug-access', headers: { authorization: `Bearer ${admin}` } })).statusCode).toBe(204);
  });

  test('a saved profile is read back', async () => {
    expect((await save(validProfile)).statusCode).toBe(200);
    expect((await profile(`Bearer ${await token()}`)).json()).toMatchObject({ ...validProfile });
  });

  test.each([
    [{ language: 'fra' }, 'language_invalid', 'Language must be exactly 2 characters (e.g., en, fr)'],
    [{ language: 'f' }, 'language_invalid', 'Language must be exactly 2 characters (e.g., en, fr)'],
    [{ language: undefined }, 'language_invalid', 'Language must be exactly 2 characters (e.g., en, fr)'],
    [{ firstName: '  ' }, 'first_name_required', 'First name is required'],
    [{ lastName: undefined }, 'last_name_required', 'Last name is required'],
    [{ firstName: 'x'.repeat(101) }, 'first_name_too_long', 'First name must be at most 100 characters'],
    [{ timezone: 'Mars/Olympus' }, 'timezone_invalid', 'Timezone must be an IANA time zone name (e.g., Europe/Paris)'],
    [{ darkmode: 'yes' }, 'darkmode_invalid', 'Dark mode must be true or false'],
  ])('saving %o answers 400 %s: %s', async (change, code, message) => {
    const response = await save({ ...validProfile, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, error: 'Bad Request', code, message });
  });

  test('saving without a token answers 401', async () => {
    expect((await test_.app.inject({ method: 'PUT', url: '/v1/auth/profile', payload: validProfile })).statusCode).toBe(401);
  });

  describe('registration', () => {
    const register = (body: object) => test_.app.inject({ method: 'POST', url: '/v1/auth/register', payload: body });
    const newAccount = { ...validProfile, email: 'new.collector@example.org' };

    test('creates the account and mails a set-password link that no one else can read', async () => {
      const response = await register(newAccount);
      expect(response.statusCode).toBe(201);
      const [mail] = await createDevOutbox(test_.app.db, () => {}).latest(1);
      expect(mail).toMatchObject({ recipient: 'new.collector@example.org', subject: 'Choisissez votre mot de passe Card Lens' });
      const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
      const page = await test_.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Choisissez votre mot de passe');

      const outbox = await test_.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(outbox.statusCode).toBe(403);
      expect(outbox.body).not.toContain('new.collector@example.org');
      expect(outbox.body).not.toContain(link.searchParams.get('token')!);
    });

    test('an existing email answers 409, whatever its case', async () => {
      const response = await register({ ...newAccount, email: 'New.Collector@Example.org' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'email_taken', message: 'An account with this email already exists' });
    });

    test.each([
      [{ email: '' }, 'email_required', 'Email is required'],
      [{ email: 'not-an-address' }, 'email_invalid', 'Email must be a valid address'],
      [{ language: 'english' }, 'language_invalid', 'Language must be exactly 2 characters (e.g., en, fr)'],
      [{ firstName: '' }, 'first_name_required', 'First name is required'],
    ])('registering %o answers 400 %s: %s', async (change, code, message) => {
      const response = await register({ ...newAccount, email: 'other@example.org', ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code, message });
    });
  });
});
