import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, testBackends, testConfig, type TestApp } from '../test-support/test-database.ts';

describe.each(testBackends())('security headers on $name', (backend) => {
  let test_: TestApp;

  beforeAll(async () => {
    test_ = await buildTestApp(backend, { env: { ASSETS_BASE_URL: 'https://images.example.org/cards' } });
  });
  afterAll(() => test_?.close());

  const get = (url: string) => test_.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  test.each(['/health', '/v1/cards', '/dev/outbox', '/realms/cardlens/.well-known/openid-configuration', '/realms/cardlens/protocol/openid-connect/3p-cookies/step1.html', '/no-such-page'])(
    '%s is sent with nosniff, frame protection and a CSP without inline code',
    async (url) => {
      const response = await get(url);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toMatch(/img-src [^;]*https:\/\/images\.example\.org/);
      expect(csp).not.toContain('unsafe-inline');
    },
  );

  test('scripts may connect to the app and its identity provider only, not to any https: address', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    const { publicUrl, identity } = testConfig();
    const connect = csp.split(';').find((directive) => directive.startsWith('connect-src'));
    expect(connect?.split(' ').slice(1).sort()).toEqual([...new Set(["'self'", new URL(publicUrl).origin, new URL(identity.authority ?? identity.url).origin])].sort());
  });

  test('the identity pages hold no inline script or style, which that CSP would refuse', async () => {
    for (const url of ['/dev/outbox', '/dev/set-password?token=nothing', '/realms/cardlens/protocol/openid-connect/3p-cookies/step2.html']) {
      const page = (await get(url)).body;
      expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(page).not.toMatch(/<style|\sstyle="/);
    }
    const stylesheet = await get('/identity-assets/page.css');
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['content-type']).toMatch(/^text\/css/);
    expect((await get('/identity-assets/3p-cookies-step2.js')).body).toContain('window.parent.postMessage');
  });
});
