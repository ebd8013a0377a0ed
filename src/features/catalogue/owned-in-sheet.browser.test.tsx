import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { renderScreen } from '../../test-support/render-screen.tsx';
import { setUpScreenTests } from '../../test-support/screen-test-setup.ts';
import { signInCollector, signOutCollector } from '../../test-support/signed-in-collector.ts';
import CardsPage from './cards-page.tsx';

const openCards = (path: string, locale: 'en' | 'fr' = 'en') => renderScreen({ path, locale, routes: [{ path: '/cards', Component: CardsPage }] });

setUpScreenTests();
afterEach(() => signOutCollector());

describe('copies owned in the card sheet', () => {
  test('the sheet says how many copies the collector has, and counts one more once it is added', async () => {
    const collector = signInCollector(26);
    await collector.add('en-alpha-2-holo', { quantity: 2 });
    await collector.add('en-alpha-2-holo', { condition: 'damaged' });
    await openCards('/cards?card=en-alpha-2-holo');
    const sheet = page.getByRole('dialog', { name: 'Raichu' });
    await expect.element(sheet.getByText('You have 3')).toBeVisible();
    await sheet.getByRole('button', { name: 'Add to collection: Raichu' }).click();
    await page.getByRole('dialog', { name: 'Add Raichu to my collection' }).getByRole('button', { name: 'Add 1 copy' }).click();
    await expect.element(sheet.getByText('You have 4')).toBeVisible();
  });

  test('in French, and nothing for a printing not owned', async () => {
    const collector = signInCollector(29);
    await collector.add('fr-alpha-2-holo', { quantity: 2 });
    const { screen } = await openCards('/cards?card=fr-alpha-2-holo', 'fr');
    await expect.element(page.getByRole('dialog', { name: 'Raichu' }).getByText('Vous en avez 2')).toBeVisible();
    await screen.unmount();
    await openCards('/cards?card=en-alpha-1-normal');
    await expect.element(page.getByRole('dialog', { name: 'Pikachu' })).toBeVisible();
    expect(page.getByText(/You have/).elements()).toHaveLength(0);
  });

  test('a visitor sees no count', async () => {
    signOutCollector();
    await openCards('/cards?card=en-alpha-2-holo');
    await expect.element(page.getByRole('dialog', { name: 'Raichu' })).toBeVisible();
    expect(page.getByText(/You have/).elements()).toHaveLength(0);
  });
});
