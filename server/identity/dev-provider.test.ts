import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { decodeJwt } from 'jose';
import { testBackends } from '../test-support/test-database.ts';
import { startIdentityServer } from '../test-support/identity-server.ts';
import { seedAdminEmail, seedCollectorEmail } from './seed-dev-users.ts';
import { signInWithCodeFlow } from './oidc-flow.ts';

describe.each(testBackends())('embedded identity provider on $name', (backend) => {
  let test_: Awaited<ReturnType<typeof startIdentityServer>>;
  let baseUrl: string;
  const realmUrl = () => test_.realm.realmUrl;

  beforeAll(async () => {
    test_ = await startIdentityServer(backend);
    baseUrl = test_.baseUrl;
  });
  afterAll(() => test_?.close());

  const flow = (email: string, password: string) => signInWithCodeFlow({ baseUrl: baseUrl, realmUrl: realmUrl(), clientId: 'card-lens-app', email, password });

  test('discovery answers Keycloak endpoint paths under the realm', async () => {
    const response = await fetch(`${realmUrl()}/.well-known/openid-configuration`);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(realmUrl());
    expect(discovery.authorization_endpoint).toBe(`${realmUrl()}/protocol/openid-connect/auth`);
    expect(discovery.token_endpoint).toBe(`${realmUrl()}/protocol/openid-connect/token`);
    expect(discovery.end_session_endpoint).toBe(`${realmUrl()}/protocol/openid-connect/logout`);
    expect(discovery.jwks_uri).toBe(`${realmUrl()}/protocol/openid-connect/certs`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
  });

  test('a forged X-Forwarded-Host does not change the addresses discovery advertises', async () => {
    const response = await fetch(`${realmUrl()}/.well-known/openid-configuration`, { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } });
    const discovery = await response.text();
    expect(discovery).not.toContain('evil.example');
    expect(JSON.parse(discovery).token_endpoint).toBe(`${realmUrl()}/protocol/openid-connect/token`);
  });

  test('a wrong password is refused on the login page', async () => {
    const result = await flow(seedCollectorEmail, 'not-the-password');
    expect(result.loginPage).toContain('Sign in to Card Lens');
    expect(result.refused).toBe(401);
  });

  test('code + PKCE gives a signed JWT access token with realm roles and a rotating refresh token, and the provider warns of nothing', async () => {
    const warned = vi.spyOn(console, 'warn');
    const result = await flow(seedAdminEmail, 'admin-secret-1');
    expect(result.fragment?.get('state')).toBe('state-1');
    const claims = decodeJwt(result.tokens!.access_token);
    expect(claims).toMatchObject({ iss: realmUrl(), aud: 'card-lens-api', preferred_username: seedAdminEmail, realm_access: { roles: ['administrator', 'iam.debug.admin'] } });

    const profile = await test_.app.inject({ method: 'GET', url: '/v1/auth/profile', headers: { authorization: `Bearer ${result.tokens!.access_token}` } });
    expect(profile.json()).toMatchObject({ language: 'en', darkmode: false, profiles: ['administrator'], permissions: ['iam.debug.admin'] });

    const refresh = (token: string) =>
      fetch(`${realmUrl()}/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: 'card-lens-app' }),
      });
    const first = await refresh(result.tokens!.refresh_token);
    expect(first.status).toBe(200);
    const renewed = (await first.json()) as { access_token: string; refresh_token: string };
    expect(renewed.refresh_token).not.toBe(result.tokens!.refresh_token);
    expect(decodeJwt(renewed.access_token).realm_access).toEqual({ roles: ['administrator', 'iam.debug.admin'] });
    expect((await refresh(result.tokens!.refresh_token)).status).toBe(400);
    // oidc-provider reads its forms from the request stream: a body read before it is handed back as one.
    expect(warned.mock.calls.map(String).filter((line) => line.includes('oidc-provider'))).toEqual([]);
    warned.mockRestore();
  });

  test('the outbox opens only to an administrator signed in here, and speaks French when the browser does', async () => {
    const register = await fetch(`${baseUrl}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Nell', lastName: 'New', email: 'nell@example.org', language: 'en', timezone: '', darkmode: false }),
    });
    expect(register.status).toBe(201);
    const outbox = (cookie = '') => fetch(`${baseUrl}/dev/outbox`, { headers: { cookie, 'accept-language': 'fr-FR,fr;q=0.9' } });

    const anonymous = await outbox();
    expect(anonymous.status).toBe(403);
    const refusal = await anonymous.text();
    expect(refusal).toContain("Seul un administrateur connecté à ce serveur peut lire la boîte d&#39;envoi.");
    expect(refusal).not.toContain('nell@example.org');

    const collector = await flow(seedCollectorEmail, 'collector-secret-1');
    expect((await outbox(collector.jar.header())).status).toBe(403);

    const admin = await flow(seedAdminEmail, 'admin-secret-1');
    const page = await outbox(admin.jar.header());
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain('<html lang="fr">');
    expect(body).toContain('Boîte d&#39;envoi');
    expect(body).toContain('nell@example.org');
    expect(body).toMatch(/href="http[^"]*\/dev\/set-password\?token=/);
  });
});
