import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup } from 'vitest-browser-react';
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

  test('a priced printing shows its price in dollars in English, with its date and its price history', async () => {
    await openSheet('it-gamma-01-normal', 'Gamma 01', 'en');
    await expect.element(priceFact()).toHaveTextContent('$5.25 on Nov 23, 2026');
    const history = page.getByRole('figure', { name: 'Price history' });
    await expect.element(history).toBeVisible();
    await expect.element(history).toHaveTextContent('$5.25');
  });

  test('in French, in euros, and "pas de prix" for a printing only TCGplayer prices', async () => {
    await openSheet('it-gamma-01-normal', 'Gamma 01', 'fr');
    await expect.element(priceFact()).toHaveTextContent('4,50 € au 24 nov. 2026');
    await expect.element(page.getByRole('figure', { name: 'Historique du prix' })).toHaveTextContent('4,50 €');
    await cleanup();
    await openSheet('it-gamma-03-normal', 'Gamma 03', 'fr');
    await expect.element(priceFact()).toHaveTextContent('Pas de prix');
  });
});
