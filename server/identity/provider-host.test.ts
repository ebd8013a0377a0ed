import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, testBackends, type TestApp } from '../test-support/test-database.ts';
import { freePort } from '../test-support/free-port.ts';

/** A GET on a real socket with headers fetch does not let a caller set, such as Host. */
function get(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const discovery = '/realms/cardlens/.well-known/openid-configuration';
const publicUrl = 'https://cards.example.org';
const realm = `${publicUrl}/realms/cardlens`;

describe.each(testBackends())("the provider's addresses come from PUBLIC_URL, never from Host, on $name", (backend) => {
  describe.each([
    ['TRUST_PROXY off', 'false'],
    ['TRUST_PROXY on', 'true'],
  ])('%s', (_label, trustProxy) => {
    let test_: TestApp;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      test_ = await buildTestApp(backend, { env: { PORT: String(port), PUBLIC_URL: publicUrl, TRUST_PROXY: trustProxy } });
      await test_.app.listen({ port, host: '127.0.0.1' });
    });
    afterAll(() => test_?.close());

    test.each([
      ['Host', { host: 'evil.example' }],
      ['X-Forwarded-Host', { host: 'cards.example.org', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }],
      ['Host with a port', { host: `127.0.0.1:${String(0)}` }],
    ])('discovery advertises the configured addresses whatever the %s, and says how to cache them', async (_header, headers) => {
      const response = await get(port, discovery, headers);
      expect(response.status).toBe(200);
      expect(response.body).not.toMatch(/evil\.example|127\.0\.0\.1/);
      const document = JSON.parse(response.body) as Record<string, unknown>;
      expect(document.issuer).toBe(realm);
      for (const name of ['authorization_endpoint', 'token_endpoint', 'end_session_endpoint', 'jwks_uri', 'userinfo_endpoint', 'revocation_endpoint']) {
        expect(document[name], name).toMatch(new RegExp(`^${realm.replaceAll('.', '\\.')}/protocol/openid-connect/`));
      }
      expect(response.headers['cache-control']).toBe('no-cache');
    });
  });
});
