import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { buildTestApp, testBackends, type TestApp } from '../test-support/test-database.ts';

// Keycloak itself does not run here; its tokens are signed by a test key served as a JWKS, in the
// shape Keycloak gives them (aud with `account`, azp, realm and client roles).
const keycloakUrl = 'https://login.example.org';
const issuer = `${keycloakUrl}/realms/cardlens`;

describe.each(testBackends())('the API with Keycloak tokens on $name', (backend) => {
  let keys: Server;
  let key: CryptoKey;
  let app: TestApp;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'keycloak-test', alg: 'RS256', use: 'sig' }] });
    keys = createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(jwks));
    await new Promise<void>((done) => keys.listen(0, '127.0.0.1', done));
    const jwksUrl = `http://127.0.0.1:${(keys.address() as AddressInfo).port}/certs`;
    app = await buildTestApp(backend, { env: { OIDC_URL: keycloakUrl, OIDC_JWKS_URL: jwksUrl } });
  });
  afterAll(async () => {
    await app?.close();
    keys?.close();
  });

  /** An access token as Keycloak issues it to the app's client with the audience mapper. */
  function keycloakToken(overrides: Record<string, unknown> = {}, realmIssuer = issuer) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      aud: ['card-lens-api', 'account'],
      azp: 'card-lens-app',
      typ: 'Bearer',
      scope: 'openid profile email',
      sid: 'a7c4e0f2-session',
      preferred_username: 'admin@cardlens.localhost',
      email: 'admin@cardlens.localhost',
      email_verified: true,
      given_name: 'Card Lens',
      family_name: 'Administrator',
      realm_access: { roles: ['default-roles-cardlens', 'offline_access', 'uma_authorization', 'iam.debug.admin'] },
      resource_access: { 'card-lens-app': { roles: ['collector'] }, account: { roles: ['manage-account', 'view-profile'] } },
      ...overrides,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'keycloak-test', typ: 'JWT' })
      .setSubject('6f1d2c3b-keycloak-user')
      .setIssuer(realmIssuer)
      .setIssuedAt(now - 5)
      .setExpirationTime(now + 300)
      .sign(key);
  }

  const profile = async (token: string) =>
    app.app.inject({ method: 'GET', url: '/v1/auth/profile', headers: { authorization: `Bearer ${token}` } });

  test('the profile holds the realm permission and the client role, without the roles every Keycloak user has', async () => {
    const response = await profile(await keycloakToken());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ profiles: ['collector'], permissions: ['iam.debug.admin'] });
  });

  test('a token without the API audience (no audience mapper on the client) is refused', async () => {
    const response = await profile(await keycloakToken({ aud: 'account' }));
    expect(response.statusCode).toBe(401);
  });

  test('a token from another realm is refused', async () => {
    const other = await keycloakToken({}, `${keycloakUrl}/realms/master`);
    expect((await profile(other)).statusCode).toBe(401);
  });

  test('the profile a Keycloak user saves is theirs on the next token', async () => {
    const saved = await app.app.inject({
      method: 'PUT',
      url: '/v1/auth/profile',
      headers: { authorization: `Bearer ${await keycloakToken()}` },
      payload: { firstName: 'Card Lens', lastName: 'Administrator', language: 'fr', timezone: 'Europe/Paris', darkmode: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await profile(await keycloakToken())).json()).toMatchObject({ language: 'fr', darkmode: true });
  });
});
