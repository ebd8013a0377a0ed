import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serverSettings } from '../server-settings.ts';
import { testBackends } from '../test-support/test-database.ts';
import { startIdentityServer } from '../test-support/identity-server.ts';
import { openLoginPage, signInWithCodeFlow, submitLogin } from './oidc-flow.ts';
import { seedCollectorEmail } from './seed-dev-users.ts';

const { throttle } = serverSettings;

describe.each(testBackends())('sign-in and registration are throttled on $name', (backend) => {
  let test_: Awaited<ReturnType<typeof startIdentityServer>>;
  const realm = () => test_.realm;

  beforeAll(async () => {
    test_ = await startIdentityServer(backend);
  });
  afterAll(() => test_?.close());

  test('a guesser is held back on one account, even when the right password finally comes', async () => {
    const { jar, loginUrl } = await openLoginPage(realm());
    for (let attempt = 1; attempt <= throttle.signInPerAccount.value; attempt++) {
      expect((await submitLogin(jar, loginUrl, seedCollectorEmail, `guess-${attempt}`)).status).toBe(401);
    }
    const held = await submitLogin(jar, loginUrl, seedCollectorEmail.toUpperCase(), 'collector-secret-1');
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await held.text()).toMatch(/Too many sign-in attempts\. Please wait \d+ min and try again\./);
  });

  test('one address cannot try account after account, nor register without end', async () => {
    const { jar, loginUrl } = await openLoginPage(realm());
    let status = 0;
    let tries = 0;
    // The attempts of the test before count for this address too.
    while (status !== 429 && tries <= throttle.signInPerAddress.value) {
      status = (await submitLogin(jar, loginUrl, `someone-${tries++}@example.org`, 'guess')).status;
    }
    expect(status).toBe(429);
    expect(tries).toBeLessThanOrEqual(throttle.signInPerAddress.value);
    expect((await signInWithCodeFlow({ ...realm(), email: 'admin@cardlens.localhost', password: 'admin-secret-1' })).refused).toBe(429);

    const register = (n: number) =>
      test_.app.inject({
        method: 'POST',
        url: '/v1/auth/register',
        remoteAddress: '203.0.113.7',
        payload: { firstName: 'R', lastName: 'R', email: `r${n}@example.org`, language: 'en', timezone: '', darkmode: false },
      });
    for (let n = 0; n < throttle.registrationPerAddress.value; n++) expect((await register(n)).statusCode).toBe(201);
    const refused = await register(-1);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ status: 429, error: 'Too Many Requests', code: 'registration_throttled', message: expect.stringMatching(/^Too many registrations from this address/) });
    const elsewhere = await test_.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      remoteAddress: '198.51.100.9',
      payload: { firstName: 'E', lastName: 'E', email: 'elsewhere@example.org', language: 'en', timezone: '', darkmode: false },
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});
