import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup, render } from 'vitest-browser-react';
import { IntlProvider } from 'react-intl';
import { messagesByLocale } from '../../i18n/messages.ts';
import { currencyPreferenceAtom, type Price } from '../../lib/price.ts';
import type { ScanCandidate } from '../../lib/scan-candidate.ts';
import { ResultsPanel } from './results-panel.tsx';

function candidate(index: number, score: number, price: Price): ScanCandidate {
  return {
    printingId: `en-sv01-${index}-holo`,
    cardName: `Card ${index}`,
    setName: 'Scarlet & Violet',
    number: String(index),
    variant: 'holo',
    language: 'en',
    score,
    imageUrl: `/images/en/sv/sv01/${index}/high.png`,
    urls: { cardUrl: 'https://www.cardmarket.com/en/Pokemon/Products/Search?searchString=Card', searchInSetUrl: 'https://www.cardmarket.com/en/Pokemon/Products/Search?searchString=Card' },
    price,
  };
}

/** The best match priced by both sources, the second by none, as the identify route answers them. */
const candidates = [
  candidate(1, 96.5, { EUR: { amount: 12.4, updated: '2026-11-24' }, USD: { amount: 15.99, updated: '2026-11-25' } }),
  candidate(2, 71.2, { EUR: null, USD: null }),
];

async function show(locale: 'en' | 'fr') {
  return render(
    <IntlProvider locale={locale} messages={messagesByLocale[locale]}>
      <ResultsPanel candidates={candidates} />
    </IntlProvider>,
  );
}

const price = (featured: boolean) => page.elementLocator(document.querySelector(`${featured ? '.candidate.featured' : '.other-matches .candidate'} .candidate-price`)!);

beforeEach(async () => {
  await page.viewport(1280, 800);
  localStorage.clear();
});
afterEach(async () => {
  await cleanup();
  getDefaultStore().set(currencyPreferenceAtom, 'auto');
});

describe('The scan result’s price', () => {
  test('in English: the match in dollars with its day, "No price" for the one without', async () => {
    await show('en');
    await expect.element(price(true)).toHaveTextContent('$15.99 on Nov 25, 2026');
    await expect.element(price(false)).toHaveTextContent('No price');
  });

  test('in French: in euros, "Pas de prix" for the one without', async () => {
    await show('fr');
    await expect.element(price(true)).toHaveTextContent('12,40 € au 24 nov. 2026');
    await expect.element(price(false)).toHaveTextContent('Pas de prix');
  });

  test('in the currency the collector chose, whatever the language', async () => {
    getDefaultStore().set(currencyPreferenceAtom, 'EUR');
    await show('en');
    await expect.element(price(true)).toHaveTextContent('€12.40 on Nov 24, 2026');
  });
});
