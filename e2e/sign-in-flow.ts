import { inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openPage } from './browser-session.ts';

export interface Account {
  email: string;
  password: string;
}

export async function onProviderPage(page: Page) {
  await page.waitForURL(/\/realms\/cardlens\/login-actions\//);
  await page.getByRole('heading', { name: 'Sign in to Card Lens' }).waitFor();
}

export async function submitCredentials(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens a private path signed out, signs in at the provider and waits to be back on the path. */
export async function signInAt(page: Page, path: string, account: Account) {
  const baseUrl = inject('baseUrl');
  await page.goto(`${baseUrl}${path}`);
  await onProviderPage(page);
  await submitCredentials(page, account.email, account.password);
  await page.waitForURL(`${baseUrl}${path}`);
}

/**
 * Registers a new account and sets its password from the link in the outbox, which an
 * administrator reads (no mail server in the tests). Answers the new account's credentials.
 */
export async function registerAccount(browser: Browser, admin: Account, firstName: string): Promise<Account> {
  const baseUrl = inject('baseUrl');
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.org`;
  const password = `${firstName.toLowerCase()}-password-1`;
  const page = await openPage(browser);
  await page.goto(`${baseUrl}/register`);
  await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill('Newcomer');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Timezone' }).fill('Europe/Paris');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Account created successfully').waitFor();
  const reader = await openPage(browser);
  await signInAt(reader, '/profile', admin);
  await reader.goto(`${baseUrl}/dev/outbox`);
  const link = await reader.getByRole('row').filter({ hasText: email }).getByRole('link').getAttribute('href');
  await page.goto(link!);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.getByText('Your password is saved. You can now sign in.').waitFor();
  await page.context().close();
  await reader.context().close();
  return { email, password };
}
