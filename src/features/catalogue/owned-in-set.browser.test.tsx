import { afterEach, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { renderScreen } from '../../test-support/render-screen.tsx';
import { setUpScreenTests } from '../../test-support/screen-test-setup.ts';
import { signInCollector, signOutCollector } from '../../test-support/signed-in-collector.ts';
import SetDetailsPage from './set-details-page.tsx';

setUpScreenTests();
afterEach(() => signOutCollector());

const openSet = (id: string) => renderScreen({ path: `/sets/${id}`, routes: [{ path: '/sets/:id', Component: SetDetailsPage }] });
const ownedTiles = () =>
  [...document.querySelectorAll('.card-tile.owned')].map((tile) => `${tile.querySelector('.card-tile-name')?.textContent} ${tile.querySelector('.owned-badge')?.textContent}`);

test('a set opened from the collection marks the cards the collector owns, with how many', async () => {
  const collector = signInCollector(4);
  await collector.add('en-alpha-1-reverse', { quantity: 2 });
  await collector.add('en-alpha-1-reverse', { condition: 'damaged' });
  await collector.add('en-alpha-2-holo');
  await openSet('en-alpha');
  await expect.poll(() => document.querySelectorAll('.card-tile').length).toBe(4);
  await expect.poll(ownedTiles).toEqual(['Pikachu 3 owned', 'Raichu 1 owned']);
  await expect.element(page.getByRole('heading', { name: 'Alpha Base', level: 1 })).toBeVisible();
});

test('a visitor sees no marks', async () => {
  await openSet('en-alpha');
  await expect.poll(() => document.querySelectorAll('.card-tile').length).toBe(4);
  expect(ownedTiles()).toEqual([]);
});
