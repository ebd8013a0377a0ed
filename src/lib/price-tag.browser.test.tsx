import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup, render } from 'vitest-browser-react';
import { IntlProvider } from 'react-intl';
import { messagesByLocale } from '../i18n/messages.ts';
import { currencyPreferenceAtom, type CurrencyPreference, type Price } from './price.ts';
import { PriceTag } from './price-tag.tsx';

/** A printing priced by both sources, as the API answers it. */
const both: Price = { EUR: { amount: 1234.5, updated: '2026-11-24' }, USD: { amount: 2.75, updated: '2026-11-23T08:00:00.000Z' } };
const euroOnly: Price = { EUR: { amount: 0.42, updated: '2026-11-20' }, USD: null };
const none: Price = { EUR: null, USD: null };

async function show(price: Price | undefined, locale: 'en' | 'fr', preference: CurrencyPreference = 'auto') {
  getDefaultStore().set(currencyPreferenceAtom, preference);
  await render(
    <IntlProvider locale={locale} messages={messagesByLocale[locale]}>
      <p data-testid="price">
        <PriceTag price={price} />
      </p>
    </IntlProvider>,
  );
  return page.getByTestId('price');
}

beforeEach(() => localStorage.clear());
afterEach(async () => {
  await cleanup();
  getDefaultStore().set(currencyPreferenceAtom, 'auto');
});

describe('A printing’s price', () => {
  test('in English it follows the language: US dollars, with the day of the price', async () => {
    await expect.element(await show(both, 'en')).toHaveTextContent('$2.75 on Nov 23, 2026');
  });

  test('in French it follows the language: euros, written the French way', async () => {
    await expect.element(await show(both, 'fr')).toHaveTextContent('1 234,50 € au 24 nov. 2026');
  });

  test('the profile’s currency wins over the language, in both languages', async () => {
    await expect.element(await show(both, 'en', 'EUR')).toHaveTextContent('€1,234.50 on Nov 24, 2026');
    await cleanup();
    await expect.element(await show(both, 'fr', 'USD')).toHaveTextContent('2,75 $US au 23 nov. 2026');
  });

  test('says "no price" where the source has none for that currency, or nothing is known', async () => {
    await expect.element(await show(euroOnly, 'en')).toHaveTextContent('No price');
    await cleanup();
    await expect.element(await show(euroOnly, 'fr')).toHaveTextContent('0,42 € au 20 nov. 2026');
    await cleanup();
    await expect.element(await show(none, 'fr')).toHaveTextContent('Pas de prix');
    await cleanup();
    await expect.element(await show(undefined, 'en', 'USD')).toHaveTextContent('No price');
  });

  test('a price whose source gave no day shows the amount alone', async () => {
    await expect.element(await show({ EUR: null, USD: { amount: 7, updated: null } }, 'en')).toHaveTextContent(/^\$7\.00$/);
  });
});
