import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serverSettings } from '../server-settings.ts';
import { testBackends } from '../test-support/test-database.ts';
import { seedPasswords, startIdentityServer } from '../test-support/identity-server.ts';
import { createIdentityUserRepository } from './identity-user-repository.ts';
import { openLoginPage, signInWithCodeFlow, submitLogin, type CookieJar } from './oidc-flow.ts';
import { hashPassword } from './password-hash.ts';
import { seedAdminEmail, seedCollectorEmail } from './seed-dev-users.ts';

const { throttle } = serverSettings;

/**
 * Posts the login form over a socket bound to `from` (Linux routes all of 127.0.0.0/8 to the
 * loopback), so the server sees another client address; TRUST_PROXY is off.
 */
function submitLoginFrom(from: string, jar: CookieJar, loginUrl: string, email: string, password: string): Promise<{ status: number; retryAfter: number | undefined }> {
  const body = new URLSearchParams({ email, password }).toString();
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      loginUrl,
      { method: 'POST', localAddress: from, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), cookie: jar.header() } },
      (response) => {
        response.resume();
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve({ status: response.statusCode!, retryAfter: retryAfter === undefined ? undefined : Number(retryAfter) });
        });
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

describe.each(testBackends())('sign-in and registration are throttled on $name', (backend) => {
  let test_: Awaited<ReturnType<typeof startIdentityServer>>;
  const realm = () => test_.realm;
  /** A sign-in form of its own (a login page per attempt, as a browser would open). */
  const signIn = async (from: string, email: string, password: string) => {
    const { jar, loginUrl } = await openLoginPage(realm());
    return submitLoginFrom(from, jar, loginUrl, email, password);
  };

  beforeAll(async () => {
    test_ = await startIdentityServer(backend);
    const users = createIdentityUserRepository(test_.app.db);
    await users.create({ email: 'owner@example.org', firstName: 'O', lastName: 'O', roles: ['collector'], passwordHash: await hashPassword('owner-secret-1') });
  });
  afterAll(() => test_?.close());

  test('a hostile address failing passwords is held back, and the owner still signs in from elsewhere at once', async () => {
    let failed = 0;
    let held: Awaited<ReturnType<typeof signIn>> | undefined;
    // Bounded: today's limits hold an address after a few failures.
    while (held === undefined && failed <= throttle.signInPerAddress.value) {
      const answer = await signIn('127.0.0.2', seedAdminEmail, `guess-${failed}`);
      if (answer.status === 429) {
        held = answer;
      } else {
        expect(answer.status).toBe(401);
        failed++;
      }
    }
    expect(held?.retryAfter).toBeGreaterThan(0);
    expect(held!.retryAfter! * 1000).toBeLessThanOrEqual(throttle.signInMaxWaitMs.value);
    // Held even with the right password: the wait is the guesser's whatever it sends.
    expect((await signIn('127.0.0.2', seedAdminEmail, seedPasswords.admin)).status).toBe(429);

    expect((await signIn('127.0.0.3', seedAdminEmail, seedPasswords.admin)).status).toBe(303);
  });

  test("an account's failures make each failing address wait longer, even for an email with no account", async () => {
    const increment = throttle.signInWaitIncrementMs.value / 1000;
    const waits: number[] = [];
    // Each address fails until it is held; the account's failures add up across them.
    for (let address = 1; waits.length < throttle.signInFreeFailures.value + 1; address++) {
      for (let n = 0; n <= throttle.signInPerAddress.value; n++) {
        const answer = await signIn(`127.0.1.${address}`, 'nobody-here@example.org', `guess-${n}`);
        if (answer.status === 429) {
          waits.push(answer.retryAfter!);
          break;
        }
        expect(answer.status).toBe(401);
      }
    }
    expect(waits[0]).toBeLessThanOrEqual(increment);
    expect(waits.at(-1)).toBeGreaterThan(increment);
    expect(Math.max(...waits) * 1000).toBeLessThanOrEqual(throttle.signInMaxWaitMs.value);
  });

  test('successful sign-ins do not count', async () => {
    // More than one address may try in a window: only failures use it up.
    for (let n = 0; n <= throttle.signInPerAddress.value; n++) expect((await signIn('127.0.0.4', seedCollectorEmail, seedPasswords.collector)).status).toBe(303);
    expect((await signIn('127.0.0.4', seedCollectorEmail, 'mistyped')).status).toBe(401);
    expect((await signIn('127.0.0.4', seedCollectorEmail, seedPasswords.collector)).status).toBe(303);
  });

  test('attempts the address limit refused do not count against the account', async () => {
    let status = 0;
    for (let n = 0; status !== 429 && n <= throttle.signInPerAddress.value; n++) status = (await signIn('127.0.0.5', `nobody-${n}@example.org`, 'guess')).status;
    expect(status).toBe(429);
    for (let n = 0; n < 2 * throttle.signInFreeFailures.value; n++) expect((await signIn('127.0.0.5', 'owner@example.org', `guess-${n}`)).status).toBe(429);

    // Had they counted, the owner's one typing mistake would now make them wait.
    expect((await signIn('127.0.0.6', 'owner@example.org', 'mistyped')).status).toBe(401);
    expect((await signIn('127.0.0.6', 'owner@example.org', 'owner-secret-1')).status).toBe(303);
  });

  test('one address cannot try account after account, nor register without end', async () => {
    const { jar, loginUrl } = await openLoginPage(realm());
    for (let n = 0; n < throttle.signInPerAddress.value; n++) expect((await submitLogin(jar, loginUrl, `someone-${n}@example.org`, 'guess')).status).toBe(401);
    const refused = await submitLogin(jar, loginUrl, seedCollectorEmail, seedPasswords.collector);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/Too many sign-in attempts\. Please wait \d+ min and try again\./);
    expect((await signInWithCodeFlow({ ...realm(), email: seedAdminEmail, password: seedPasswords.admin })).refused).toBe(429);

    const register = (n: number) =>
      test_.app.inject({
        method: 'POST',
        url: '/v1/auth/register',
        remoteAddress: '203.0.113.7',
        payload: { firstName: 'R', lastName: 'R', email: `r${n}@example.org`, language: 'en', timezone: '', darkmode: false },
      });
    for (let n = 0; n < throttle.registrationPerAddress.value; n++) expect((await register(n)).statusCode).toBe(201);
    const refusedRegistration = await register(-1);
    expect(refusedRegistration.statusCode).toBe(429);
    expect(refusedRegistration.headers['retry-after']).toBeDefined();
    expect(refusedRegistration.json()).toMatchObject({ status: 429, error: 'Too Many Requests', code: 'registration_throttled', message: expect.stringMatching(/^Too many registrations from this address/) });
    const elsewhere = await test_.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      remoteAddress: '198.51.100.9',
      payload: { firstName: 'E', lastName: 'E', email: 'elsewhere@example.org', language: 'en', timezone: '', darkmode: false },
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});
