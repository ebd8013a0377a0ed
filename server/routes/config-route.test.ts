import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { readConfig } from '../env.ts';
import { registerConfigRoute } from './config-route.ts';

async function start(env: NodeJS.ProcessEnv) {
  const app = Fastify();
  registerConfigRoute(app, readConfig(env));
  return app;
}

describe('GET /config', () => {
  test('answers the embedded identity provider by default', async () => {
    const response = await (await start({ PORT: '9000' })).inject({ method: 'GET', url: '/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      url: 'http://localhost:9000',
      realm: 'cardlens',
      clientId: 'card-lens-app',
      authority: 'http://localhost:9000/realms/cardlens',
      mode: 'check-sso',
    });
  });

  test('answers a Keycloak realm from the environment', async () => {
    const server = await start({ OIDC_URL: 'https://sso.example.org/', OIDC_REALM: 'collectors', OIDC_CLIENT_ID: 'web', OIDC_MODE: 'login-required' });
    expect((await server.inject({ method: 'GET', url: '/config' })).json()).toEqual({
      url: 'https://sso.example.org',
      realm: 'collectors',
      clientId: 'web',
      authority: 'https://sso.example.org/realms/collectors',
      mode: 'login-required',
    });
  });

  test('answers a generic OpenID provider when an authority is configured', async () => {
    const server = await start({ OIDC_AUTHORITY: 'https://id.example.org/tenant', OIDC_CLIENT_ID: 'web' });
    expect((await server.inject({ method: 'GET', url: '/config' })).json()).toMatchObject({ authority: 'https://id.example.org/tenant', clientId: 'web' });
  });
});

describe('configuration', () => {
  test('a bad value is refused with a message naming the variable', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT must be an integer/);
    expect(() => readConfig({ OIDC_MODE: 'always' })).toThrow(/OIDC_MODE/);
    expect(() => readConfig({ OIDC_URL: 'not a url' })).toThrow(/OIDC_URL must be an absolute URL/);
    expect(() => readConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be 'true' or 'false'/);
    expect(() => readConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL must be an smtp/);
  });
});

describe('server shell', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: readConfig({ STATIC_DIR: '/nonexistent' }), database: { kind: 'pglite' } });
  });
  afterAll(() => app.close());

  test('serves the identity provider settings', async () => {
    expect((await app.inject({ method: 'GET', url: '/config' })).json()).toMatchObject({ realm: 'cardlens' });
  });

  test('health answers ok', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  test('an unknown API path answers a JSON 404 naming it', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/nothing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, error: 'Not Found', code: 'not_found', message: 'No route for GET /v1/nothing' });
  });
});
