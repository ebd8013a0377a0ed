import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup, render } from 'vitest-browser-react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { messagesByLocale } from '../../i18n/messages.ts';
import { seriousAxeViolations } from '../../test-support/axe.ts';
import type { Card } from '../../lib/catalogue-types.ts';
import type { CollectionEntry, CollectionValue, CollectionValueHistory } from './collection-api.ts';
import { CollectionValueView } from './collection-value.tsx';
import '../../styles.css';
import './collection.css';

function entry(id: string, name: string, quantity: number, value: number | null): CollectionEntry {
  const card: Card = {
    id,
    code: id,
    name,
    image: null,
    localId: '1',
    rarity: 'Rare',
    variant: 'holo',
    types: [],
    illustrator: null,
    attacks: [],
    set: { id: 'en-alpha', code: 'ALP', name: 'Alpha Base', language: 'en' },
    price: value === null ? { EUR: null, USD: null } : { EUR: { amount: value / quantity, updated: '2026-11-24' }, USD: null },
  };
  return { id: `entry-${id}`, printingId: id, condition: 'near_mint', quantity, addedAt: '2026-11-01T10:00:00.000Z', card, value };
}

/** What GET /v1/collection/value answers for a collector with two priced entries and one without a price. */
const worth: CollectionValue = {
  currency: 'EUR',
  total: 1262.5,
  priced: 2,
  unpriced: 1,
  sets: [
    { setId: 'en-alpha', setName: 'Alpha Base', value: 1250 },
    { setId: 'en-beta', setName: 'Beta (Promo), Series', value: 12.5 },
  ],
  top: [entry('en-alpha-2-holo', 'Raichu', 2, 1250), entry('en-beta-TG01-normal', 'Éclair', 1, 12.5)],
};

/** What GET /v1/collection/value/history answers for the same collector. */
const worthOverTime: CollectionValueHistory = {
  currency: 'EUR',
  points: [
    { date: '2026-11-20', value: 1100 },
    { date: '2026-11-22', value: 1180 },
    { date: '2026-11-24', value: 1262.5 },
  ],
};

/** `history` null: the value over time has not come yet. */
async function show(value: CollectionValue, locale: 'en' | 'fr' = 'en', history: CollectionValueHistory | null = worthOverTime) {
  const router = createMemoryRouter([{ path: '/collection', Component: () => <CollectionValueView value={value} history={history ?? undefined} /> }], { initialEntries: ['/collection'] });
  return render(
    <IntlProvider locale={locale} messages={messagesByLocale[locale]}>
      <main>
        <RouterProvider router={router} />
      </main>
    </IntlProvider>,
  );
}

beforeEach(async () => {
  await page.viewport(1280, 800);
});
afterEach(() => cleanup());

describe('The collection’s value', () => {
  test('total, value by set, the most valuable cards and the value over time', async () => {
    await show(worth);
    const section = page.getByRole('region', { name: 'Value' });
    await expect.element(section.getByText('Total value: €1,262.50')).toBeVisible();
    await expect.element(section.getByText('2 entries priced, 1 without a price')).toBeVisible();
    const bySet = section.getByRole('list', { name: 'Value by set' });
    await expect.element(bySet.getByRole('listitem').nth(0)).toHaveTextContent('Alpha Base €1,250.00');
    await expect.element(bySet.getByRole('link', { name: 'Beta (Promo), Series' })).toHaveAttribute('href', '/sets/en-beta');
    const top = section.getByRole('list', { name: 'Most valuable cards' });
    await expect.element(top.getByRole('listitem').nth(0)).toHaveTextContent('Raichu ×2 Alpha Base · Near Mint €1,250.00');
    await expect.poll(() => document.querySelectorAll('.collection-value .recharts-area-curve').length).toBe(1);
    await expect.element(section.getByRole('figure', { name: 'Value over time' })).toHaveTextContent('€1,100.00 on Nov 20, 2026, €1,262.50 on Nov 24, 2026 (3 points)');
    expect(await seriousAxeViolations()).toEqual([]);
  });

  test('in French, in dark mode', async () => {
    document.documentElement.classList.add('dark');
    try {
      await show(worth, 'fr');
      const section = page.getByRole('region', { name: 'Valeur' });
      await expect.element(section.getByText('Valeur totale : 1 262,50 €')).toBeVisible();
      await expect.element(section.getByText('2 entrées avec un prix, 1 sans prix')).toBeVisible();
      await expect.element(section.getByRole('list', { name: 'Cartes les plus chères' }).getByRole('listitem').nth(0)).toHaveTextContent('Raichu ×2 Alpha Base · Quasi neuve 1 250,00 €');
      await expect.element(section.getByRole('figure', { name: 'Valeur dans le temps' })).toBeVisible();
      await expect.poll(() => getComputedStyle(document.querySelector('.recharts-area-curve')!).stroke).toBe('rgb(122, 162, 255)');
      expect(await seriousAxeViolations()).toEqual([]);
    } finally {
      document.documentElement.classList.remove('dark');
    }
  });

  test('with no history and no price yet, it says so and draws no chart', async () => {
    await show({ ...worth, total: 0, priced: 0, unpriced: 3, sets: [], top: [] }, 'en', { currency: 'EUR', points: [] });
    const section = page.getByRole('region', { name: 'Value' });
    await expect.element(section.getByText('Total value: €0.00')).toBeVisible();
    await expect.element(section.getByText('None of your cards has a price yet.')).toBeVisible();
    await expect.element(section.getByRole('figure', { name: 'Value over time' })).toHaveTextContent('No value history yet');
    expect(document.querySelector('.recharts-surface')).toBeNull();
  });

  test('while the value over time is still asked for, the figures show and the chart says it is loading', async () => {
    await show(worth, 'en', null);
    const section = page.getByRole('region', { name: 'Value' });
    await expect.element(section.getByText('Total value: €1,262.50')).toBeVisible();
    await expect.element(section.getByText(/Loading/)).toBeVisible();
    expect(document.querySelector('.recharts-surface')).toBeNull();
  });

  test('an empty collection shows no value section', async () => {
    await show({ ...worth, total: 0, priced: 0, unpriced: 0, sets: [], top: [] });
    expect(document.querySelector('.collection-value')).toBeNull();
  });
});
