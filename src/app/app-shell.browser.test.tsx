import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanup } from 'vitest-browser-react';
import { renderApp } from './render-app-for-test.tsx';

beforeEach(async () => {
  await page.viewport(1280, 800);
  localStorage.clear();
  document.documentElement.className = '';
});
afterEach(() => cleanup());

const navLinkTexts = () => page.getByRole('navigation').getByRole('link').elements().map((link) => link.textContent);

describe('app shell', () => {
  test('the header shows the brand and the visitor navigation; the footer the current year', async () => {
    const { screen } = await renderApp();
    await expect.element(screen.getByRole('banner').getByText('Card Lens')).toBeVisible();
    await expect.poll(navLinkTexts).toEqual(['Scan', 'Cards', 'Sets', 'Login', 'Register']);
    await expect.element(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Card Lens`);
  });

  test('a signed-in administrator sees Debug, Profile and Logout, and no Login or Register', async () => {
    await renderApp({ auth: { authenticated: true, permissions: ['iam.debug.admin'] } });
    await expect.poll(navLinkTexts).toEqual(['Scan', 'Cards', 'Sets', 'My collection', 'Debug', 'Profile']);
    await expect.element(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('a signed-in collector without the permission sees no Debug link', async () => {
    await renderApp({ auth: { authenticated: true, permissions: ['catalog.read'] } });
    await expect.poll(navLinkTexts).toEqual(['Scan', 'Cards', 'Sets', 'My collection', 'Profile']);
  });

  test('an unknown path shows Page not found with a link back home', async () => {
    const { router } = await renderApp({ path: '/anything-unknown' });
    await expect.element(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back home' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/');
  });

  test('switching to French changes the navigation and is remembered', async () => {
    await renderApp();
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Language' }), 'fr');
    await expect.poll(navLinkTexts).toEqual(['Scanner', 'Cartes', 'Extensions', 'Connexion', 'Inscription']);
    expect(localStorage.getItem('locale')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  test('a stored French locale is used at start', async () => {
    localStorage.setItem('locale', 'fr');
    await renderApp({ path: '/nowhere' });
    await expect.element(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  });

  test('dark mode puts the dark class on the root element and survives a reload', async () => {
    const first = await renderApp();
    await page.getByRole('button', { name: 'Dark mode' }).click();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('darkmode')).toBe('true');
    await first.screen.unmount();
    document.documentElement.className = '';

    await renderApp();
    await expect.poll(() => document.documentElement.classList.contains('dark')).toBe(true);
    await page.getByRole('button', { name: 'Light mode' }).click();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('darkmode')).toBe('false');
  });

  test('on a small screen the menu collapses behind a toggle button', async () => {
    await page.viewport(400, 700);
    await renderApp();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.element(page.getByRole('link', { name: 'Cards', includeHidden: true })).not.toBeVisible();
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.element(page.getByRole('link', { name: 'Cards' })).toBeVisible();
  });
});

describe('route guard in the app', () => {
  test('a signed-out visitor opening Profile is sent to sign in and back to the full path', async () => {
    const signIn = vi.fn(async () => undefined);
    await renderApp({ path: '/profile?tab=prefs', actions: { signIn } });
    await expect.poll(() => signIn.mock.calls.length).toBe(1);
    expect(signIn).toHaveBeenCalledWith('/profile?tab=prefs');
  });

  test('a signed-in user opening Login lands on Scan', async () => {
    const { router } = await renderApp({ path: '/login', auth: { authenticated: true } });
    await expect.poll(() => router.state.location.pathname).toBe('/');
  });

  test('Debug loads the profile first and sends a collector without the permission to Scan', async () => {
    const loadPermissions = vi.fn(async () => ['catalog.read']);
    const { router } = await renderApp({ path: '/debug', auth: { authenticated: true }, loadPermissions });
    await expect.poll(() => router.state.location.pathname).toBe('/');
    expect(loadPermissions).toHaveBeenCalledTimes(1);
  });

  test('Debug opens for an administrator once the profile grants the permission', async () => {
    const { router } = await renderApp({ path: '/debug', auth: { authenticated: true }, loadPermissions: async () => ['iam.debug.admin'] });
    await expect.poll(() => router.state.location.pathname).toBe('/debug');
    await expect.element(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
