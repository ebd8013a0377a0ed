import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launchChromium, openPage } from './browser-session.ts';
import { onProviderPage, signInAt, submitCredentials } from './sign-in-flow.ts';

const baseUrl = inject('baseUrl');
const accounts = inject('accounts');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

// The app and the sign-in pages run under the server's Content-Security-Policy: nothing may be refused.
afterEach(() => expect(cspViolations()).toEqual([]));
const navLinks = (page: Page) => page.getByRole('navigation').getByRole('link').allTextContents();

describe('accounts against the embedded identity provider', () => {
  test('a visitor signs in from Login: a wrong password is refused, the right one brings them back signed in', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/cards`);
    await page.getByRole('navigation').getByRole('link', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByRole('button', { name: 'Continue with Keycloak' }).click();
    await onProviderPage(page);

    await submitCredentials(page, accounts.collector.email, 'not-the-password');
    await page.getByRole('alert').getByText('Invalid email or password.').waitFor();

    await page.getByLabel('Password').fill(accounts.collector.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await navLinks(page)).toEqual(['Scan', 'Cards', 'Sets', 'My collection', 'Profile']);
    expect(page.url()).not.toMatch(/code=|state=|session_state=|iss=/);
  });

  test('a private route opened signed out returns to it after sign-in; the profile is saved and survives a reload', async () => {
    const page = await openPage(browser);
    await signInAt(page, '/profile', accounts.collector);
    const form = page.locator('form.account-form');
    const lastName = form.getByRole('textbox', { name: 'Last name' });
    await expect.poll(() => lastName.inputValue()).toBe('Collector');

    await form.getByRole('combobox', { name: 'Language' }).fill('fra');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('alert').getByText('Language must be exactly 2 characters (e.g., en, fr)').waitFor();

    await form.getByRole('combobox', { name: 'Language' }).fill('en');
    await lastName.fill('Keeper');
    await page.getByRole('textbox', { name: 'Timezone' }).fill('Europe/Paris');
    await page.getByRole('checkbox', { name: 'Dark mode' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText('Profile updated successfully').waitFor();

    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Last name' }).inputValue()).toBe('Keeper');
    expect(await page.getByRole('textbox', { name: 'Timezone' }).inputValue()).toBe('Europe/Paris');
    expect(await page.getByRole('checkbox', { name: 'Dark mode' }).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  });

  test('/debug is refused to the collector and open to the administrator', async () => {
    const collector = await openPage(browser);
    await signInAt(collector, '/profile', accounts.collector);
    await collector.goto(`${baseUrl}/debug`);
    await collector.waitForURL(`${baseUrl}/`);
    expect(await navLinks(collector)).not.toContain('Debug');

    const admin = await openPage(browser);
    await signInAt(admin, '/debug', accounts.admin);
    await admin.getByRole('navigation').getByRole('link', { name: 'Debug' }).waitFor();
    expect(new URL(admin.url()).pathname).toBe('/debug');
  });

  test('logout ends the session at the provider and comes back signed out', async () => {
    const page = await openPage(browser);
    await signInAt(page, '/profile', accounts.collector);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('navigation').getByRole('link', { name: 'Login' }).waitFor();
    await page.goto(`${baseUrl}/profile`);
    await onProviderPage(page);
  });

  test('the access token is refreshed with the refresh token before it expires, without a reload or an iframe', { timeout: 90_000 }, async () => {
    const page = await openPage(browser);
    await signInAt(page, '/profile', accounts.collector);
    // Where third-party cookies are blocked a hidden iframe cannot renew the session; the refresh token can.
    const grants: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/protocol/openid-connect/token')) {
        grants.push(new URLSearchParams(request.postData() ?? '').get('grant_type') ?? '');
      }
    });
    const storedToken = () =>
      page.evaluate(() => {
        const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
        return key ? (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token : undefined;
      });
    const first = await storedToken();
    expect(first).toBeTruthy();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await expect.poll(storedToken, { timeout: 45_000, interval: 1000 }).not.toBe(first);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(grants).toContain('refresh_token');
    expect(page.frames()).toHaveLength(1);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
  });

  test('with OIDC_MODE=login-required a visitor is sent to sign in at once, and lands on the page asked for', async () => {
    const page = await openPage(browser);
    // The server's /config as OIDC_MODE=login-required makes it (config-route.test.ts), on this server.
    await page.route(`${baseUrl}/config`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), mode: 'login-required' } });
    });
    await page.goto(`${baseUrl}/cards?page=1`);
    await onProviderPage(page);
    await submitCredentials(page, accounts.collector.email, accounts.collector.password);
    await page.waitForURL(`${baseUrl}/cards?page=1`);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
  });

  test('a visitor registers, sets a password from the link an administrator reads in the outbox, and signs in', async () => {
    const email = `new-${Date.now()}@example.org`;
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/register`);
    await page.getByRole('textbox', { name: 'First name' }).fill('Nina');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Newcomer');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Timezone' }).fill('Europe/Paris');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Account created successfully').waitFor();
    await page.getByText(/spam folder/).waitFor();

    // Without SMTP the mail waits in the outbox, which opens to an administrator alone.
    await page.goto(`${baseUrl}/dev/outbox`);
    await page.getByText('Only an administrator signed in on this server can read the outbox.').waitFor();
    expect(await page.content()).not.toContain(email);
    const admin = await openPage(browser);
    await signInAt(admin, '/profile', accounts.admin);
    await admin.goto(`${baseUrl}/dev/outbox`);
    const link = await admin.getByRole('row').filter({ hasText: email }).getByRole('link').getAttribute('href');

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.getByLabel('New password').fill('a-new-password-1');
    await page.getByLabel('Confirm password').fill('a-new-password-1');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Your password is saved. You can now sign in.').waitFor();

    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.getByRole('button', { name: 'Continue with Keycloak' }).click();
    await onProviderPage(page);
    await submitCredentials(page, email, 'a-new-password-1');
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
  });
});
