import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { cspViolations, launchChromium, openPage } from './browser-session.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

// The app and the sign-in pages run under the server's Content-Security-Policy: nothing may be refused.
afterEach(() => expect(cspViolations()).toEqual([]));
describe('the product started by npm start', () => {
  test('shows the brand, the navigation and the current year', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl);
    await page.getByRole('banner').getByText('Card Lens').waitFor();
    expect(await page.getByRole('navigation').getByRole('link').allTextContents()).toEqual(['Scan', 'Cards', 'Sets', 'Login', 'Register']);
    expect(await page.getByRole('contentinfo').textContent()).toBe(`© ${new Date().getFullYear()} Card Lens`);
  });

  test('runs a production build of React, whatever NODE_ENV the product was started with', async () => {
    const page = await openPage(browser);
    const scripts: Array<Promise<string>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    await page.goto(baseUrl);
    await page.getByRole('banner').getByText('Card Lens').waitFor();
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    // React's development build renders several times slower, and a slow phone feels it first.
    expect(bodies.filter((body) => body.includes('jsxDEV')).length).toBe(0);
  });

  test('an unknown address shows the 404 page, also on a direct load', async () => {
    const page = await openPage(browser);
    const response = await page.goto(`${baseUrl}/anything-unknown`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back home' }).click();
    await page.waitForURL(`${baseUrl}/`);
  });

  test('French navigation and dark mode survive a reload', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/cards`);
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await page.getByRole('button', { name: 'Mode sombre' }).click();
    await page.reload();
    await page.getByRole('link', { name: 'Extensions' }).waitFor();
    expect(await page.getByRole('navigation').getByRole('link').allTextContents()).toEqual(['Scanner', 'Cartes', 'Extensions', 'Connexion', 'Inscription']);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  });
});
