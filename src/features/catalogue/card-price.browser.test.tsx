import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { renderScreen } from '../../test-support/render-screen.tsx';
import { setUpScreenTests } from '../../test-support/screen-test-setup.ts';
import CardsPage from './cards-page.tsx';

const api = setUpScreenTests();

async function openSheet(printingId: string, name: string, locale: 'en' | 'fr') {
  await renderScreen({ path: `/cards?card=${printingId}`, locale, routes: [{ path: '/cards', Component: CardsPage }] });
  const sheet = page.getByRole('dialog', { name });
  await expect.element(sheet).toBeVisible();
  return sheet;
}

const priceFact = () => page.elementLocator(document.querySelector('.card-detail .facts .price-tag')!);

describe('The card sheet’s price', () => {
  test('a printing no source prices says so, in English, and asks its history in dollars', async () => {
    await openSheet('en-alpha-1-normal', 'Pikachu', 'en');
    await expect.element(priceFact()).toHaveTextContent('No price');
    await expect.poll(() => api().last('/v1/cards/en-alpha-1-normal/price-history')?.params.get('currency')).toBe('USD');
  });

  test('in French, "Pas de prix", and its history is asked in euros', async () => {
    await openSheet('fr-alpha-1-reverse', 'Pikachu', 'fr');
    await expect.element(priceFact()).toHaveTextContent('Pas de prix');
    await expect.poll(() => api().last('/v1/cards/fr-alpha-1-reverse/price-history')?.params.get('currency')).toBe('EUR');
  });
});
