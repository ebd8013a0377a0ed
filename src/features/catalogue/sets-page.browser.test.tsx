import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { renderScreen } from '../../test-support/render-screen.tsx';
import SetDetailsPage from './set-details-page.tsx';
import SetsPage from './sets-page.tsx';
import { setUpScreenTests } from '../../test-support/screen-test-setup.ts';
import { seriousAxeViolations } from '../../test-support/axe.ts';

const setRoutes = [
  { path: '/sets', Component: SetsPage },
  { path: '/sets/:id', Component: SetDetailsPage },
];
const renderSets = (path: string, locale?: 'en' | 'fr') => renderScreen({ path, locale, routes: setRoutes });

const api = setUpScreenTests();

const setNames = () => [...document.querySelectorAll('.set-tile-name')].map((name) => name.textContent);
const lastSets = () => api().last('/v1/sets')!.params;

async function openSets(path = '/sets', locale: 'en' | 'fr' = 'en') {
  const rendered = await renderSets(path, locale);
  await expect.poll(() => document.querySelectorAll('.set-tile, .empty-state').length).toBeGreaterThan(0);
  return rendered;
}

describe('All Sets', () => {
  test('lists every set with its symbol or a placeholder, name, code and language', async () => {
    await openSets();
    await expect.element(page.getByRole('heading', { level: 1, name: 'All Sets' })).toBeVisible();
    expect(Object.fromEntries(lastSets())).toEqual({ page: '0', size: '24', order_by: 'name', sort_by: 'asc' });
    expect(setNames()).toEqual(['Alpha Base', 'Alpha Été', 'Beta (Promo), Series', 'Gamma Lunga']);
    const alpha = page.getByRole('link', { name: /Alpha Été/ });
    await expect.element(alpha).toHaveTextContent('ALP');
    await expect.element(alpha).toHaveTextContent('FR');
    // The symbols live on a host these machines cannot reach, and Gamma has none: both leave the placeholder.
    await expect.poll(() => document.querySelectorAll('.set-tile .image-placeholder').length).toBe(4);
    await expect.element(page.getByRole('link', { name: /Gamma Lunga/ })).toHaveTextContent('No symbol');
    expect(page.getByRole('navigation', { name: 'Pages' }).query()).toBeNull();
  });

  test('each filter reloads at once with the filter language', async () => {
    await openSets();
    const before = api().count('/v1/sets');
    await page.getByRole('searchbox', { name: 'Set name' }).fill('ALPHA ');
    await expect.poll(() => lastSets().get('name')).toBe('ci(contains("ALPHA"))');
    expect(api().count('/v1/sets')).toBe(before + 1);
    await expect.poll(setNames).toEqual(['Alpha Base', 'Alpha Été']);

    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Language' }), 'fr');
    await expect.poll(() => lastSets().get('language')).toBe('eq("fr")');
    await expect.poll(setNames).toEqual(['Alpha Été']);

    await page.getByRole('searchbox', { name: 'Set name' }).fill('');
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Language' }), '');
    await page.getByRole('searchbox', { name: 'Code' }).fill('bet');
    await expect.poll(() => lastSets().get('code')).toBe('ci(eq("bet"))');
    await expect.poll(setNames).toEqual(['Beta (Promo), Series']);
  });

  test('sorts by name or code either way', async () => {
    await openSets();
    const sort = page.getByRole('combobox', { name: 'Sort' });
    expect([...sort.element().querySelectorAll('option')].map((option) => option.value)).toEqual(['name:asc', 'name:desc', 'code:asc', 'code:desc']);
    await userEvent.selectOptions(sort, 'name:desc');
    await expect.poll(() => [lastSets().get('order_by'), lastSets().get('sort_by')]).toEqual(['name', 'desc']);
    await expect.poll(setNames).toEqual(['Gamma Lunga', 'Beta (Promo), Series', 'Alpha Été', 'Alpha Base']);
    await userEvent.selectOptions(sort, 'code:desc');
    await expect.poll(() => [lastSets().get('order_by'), lastSets().get('sort_by')]).toEqual(['code', 'desc']);
    await expect.poll(() => setNames()[0]).toBe('Gamma Lunga');
    await expect.poll(() => setNames()[1]).toBe('Beta (Promo), Series');
    await userEvent.selectOptions(sort, 'code:asc');
    await expect.poll(() => setNames().at(-1)).toBe('Gamma Lunga');
  });

  test('a set opens its page', async () => {
    const { router } = await openSets();
    await page.getByRole('link', { name: /Beta \(Promo\), Series/ }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/sets/en-beta');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Beta (Promo), Series' })).toBeVisible();
  });

  test('no match says No sets found', async () => {
    await openSets('/sets?name=nothing-like-it');
    await expect.element(page.getByText('No sets found')).toBeVisible();
  });

  test('a failed load shows the reason and a Retry', async () => {
    api().intercept(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderSets('/sets');
    await expect.element(page.getByRole('alert')).toHaveTextContent('Could not load this list: Failed to fetch');
    api().intercept(undefined);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(setNames).toHaveLength(4);
  });

  test('a refusal the server named is said in the interface language', async () => {
    api().intercept(() =>
      Promise.resolve(Response.json({ status: 429, error: 'Too Many Requests', code: 'too_many_requests', message: 'Slow down' }, { status: 429 })),
    );
    await renderSets('/sets', 'fr');
    await expect.element(page.getByRole('alert')).toHaveTextContent('Impossible de charger cette liste : Trop de demandes. Patientez un instant et réessayez.');
  });

  test('has no serious or critical accessibility violations, on a desktop and on a phone', async () => {
    await openSets();
    expect(await seriousAxeViolations()).toEqual([]);
    await page.viewport(414, 896);
    await expect.element(page.getByRole('button', { name: /Filters/ })).toBeVisible();
    expect(await seriousAxeViolations()).toEqual([]);
  });

  test('in French', async () => {
    await openSets('/sets?name=zzz', 'fr');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Toutes les extensions' })).toBeVisible();
    await expect.element(page.getByRole('searchbox', { name: 'Nom de l’extension' })).toHaveValue('zzz');
    await expect.element(page.getByRole('searchbox', { name: 'Code' })).toBeVisible();
    await expect.element(page.getByRole('combobox', { name: 'Langue' })).toBeVisible();
    await expect.element(page.getByText('Aucune extension trouvée')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Nom de l’extension' }).fill('gamma');
    await expect.element(page.getByRole('link', { name: /Gamma Lunga/ })).toHaveTextContent('Pas de symbole');
  });
});
