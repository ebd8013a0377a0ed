import { describe, expect, test, vi } from 'vitest';
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

const tileNames = () => [...document.querySelectorAll('.card-tile-name')].map((name) => name.textContent);
const lastCards = () => api().last('/v1/cards')!.params;

async function openSet(path: string, locale: 'en' | 'fr' = 'en') {
  const rendered = await renderSets(path, locale);
  await expect.poll(() => document.querySelectorAll('.card-tile, .empty-state').length).toBeGreaterThan(0);
  return rendered;
}

describe('Set details', () => {
  test('the header shows the set, and its cards come in printed order', async () => {
    await openSet('/sets/en-alpha');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Alpha Base' })).toBeVisible();
    const header = page.elementLocator(document.querySelector('.set-header')!);
    await expect.element(header).toHaveTextContent(/Code\s*ALP/);
    await expect.element(header).toHaveTextContent(/Language\s*EN/);
    await expect.element(page.getByRole('img', { name: 'Alpha Base' })).toBeInTheDocument();
    expect(api().last('/v1/sets/en-alpha')).toBeDefined();
    expect(Object.fromEntries(lastCards())).toEqual({ page: '0', size: '24', order_by: 'localId', sort_by: 'asc', 'set.id': 'eq("en-alpha")' });
    await expect.poll(tileNames).toEqual(['Pikachu', 'Pikachu', 'Raichu', "Professor's Research"]);
  });

  test('the back link returns to all sets', async () => {
    const { router } = await openSet('/sets/en-beta');
    await page.getByRole('link', { name: 'Back to all sets' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/sets');
  });

  test('the card-name filter waits 300 ms, then narrows the set’s cards', async () => {
    await openSet('/sets/en-alpha');
    const before = api().count('/v1/cards');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await page.getByRole('searchbox', { name: 'Card name' }).fill(' rai');
    vi.advanceTimersByTime(299);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(api().count('/v1/cards')).toBe(before);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    await expect.poll(() => lastCards().get('name')).toBe('ci(contains("rai"))');
    expect(lastCards().get('set.id')).toBe('eq("en-alpha")');
    await expect.poll(tileNames).toEqual(['Raichu']);
  });

  test('sorts the set’s cards', async () => {
    await openSet('/sets/en-alpha');
    const sort = page.getByRole('combobox', { name: 'Sort' });
    expect([...sort.element().querySelectorAll('option')].map((option) => option.value)).toEqual([
      'localId:asc',
      'localId:desc',
      'name:asc',
      'name:desc',
      'hp:desc',
      'hp:asc',
    ]);
    await userEvent.selectOptions(sort, 'hp:desc');
    await expect.poll(() => [lastCards().get('order_by'), lastCards().get('sort_by')]).toEqual(['hp', 'desc']);
    await expect.poll(tileNames).toEqual(['Raichu', 'Pikachu', 'Pikachu', "Professor's Research"]);
  });

  test('a long set is paged', async () => {
    await openSet('/sets/it-gamma');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Gamma Lunga' })).toBeVisible();
    await expect.element(page.getByText('Page 1 / 2')).toBeVisible();
    await expect.poll(tileNames).toHaveLength(24);
    await expect.element(page.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => lastCards().get('page')).toBe('1');
    await expect.poll(tileNames).toEqual(['Gamma 25', 'Gamma 26', 'Gamma 27', 'Gamma 28', 'Gamma 29', 'Gamma 30']);
    await expect.element(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  test('a filter that matches none of the set’s cards says so, not that the set is empty', async () => {
    await openSet('/sets/en-alpha?name=nothing');
    await expect.element(page.getByText('No cards match these filters')).toBeVisible();
    expect(page.getByText('No cards in this set').elements()).toHaveLength(0);
  });

  test('an unknown set says Set not found and links to the sets, with no list, filters or Retry', async () => {
    const { router } = await renderSets('/sets/xx-missing');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Set not found' })).toBeVisible();
    expect(page.getByRole('button', { name: 'Retry' }).elements()).toHaveLength(0);
    expect(page.getByRole('searchbox').elements()).toHaveLength(0);
    expect(page.getByText('No cards in this set').elements()).toHaveLength(0);
    await page.getByRole('link', { name: 'See all sets' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/sets');
  });

  test('an unknown set in French', async () => {
    await renderSets('/sets/xx-missing', 'fr');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Extension introuvable' })).toBeVisible();
    await expect.element(page.getByRole('link', { name: 'Voir toutes les extensions' })).toBeVisible();
  });

  test('a page past the last shows the last page', async () => {
    const { router } = await openSet('/sets/it-gamma?page=9');
    await expect.element(page.getByText('Page 2 / 2')).toBeVisible();
    await expect.poll(tileNames).toEqual(['Gamma 25', 'Gamma 26', 'Gamma 27', 'Gamma 28', 'Gamma 29', 'Gamma 30']);
    expect(router.state.location.search).toBe('?page=2');
  });

  test('a page past the last shows the last page, in French', async () => {
    await openSet('/sets/it-gamma?page=9', 'fr');
    await expect.element(page.getByText('Page 2 / 2')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  });

  test('has no serious or critical accessibility violations', async () => {
    await openSet('/sets/en-alpha');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Alpha Base' })).toBeVisible();
    expect(await seriousAxeViolations()).toEqual([]);
  });

  test('in French', async () => {
    await openSet('/sets/fr-alpha?name=zzz', 'fr');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Alpha Été' })).toBeVisible();
    await expect.element(page.getByRole('link', { name: 'Retour à toutes les extensions' })).toHaveTextContent('Retour');
    await expect.element(page.getByRole('searchbox', { name: 'Nom de la carte' })).toHaveValue('zzz');
    await expect.element(page.getByText('Aucune carte ne correspond à ces filtres')).toBeVisible();
  });
});
