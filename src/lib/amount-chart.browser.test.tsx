import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup, render } from 'vitest-browser-react';
import { IntlProvider } from 'react-intl';
import { messagesByLocale } from '../i18n/messages.ts';
import { seriousAxeViolations } from '../test-support/axe.ts';
import { LazyAmountChart } from './lazy-amount-chart.tsx';
import type { PricePoint } from './price.ts';
import '../styles.css';

const points: PricePoint[] = [
  { date: '2026-11-01', amount: 3.5 },
  { date: '2026-11-08', amount: 4.25 },
  { date: '2026-11-15', amount: 5 },
];

async function show(data: PricePoint[], locale: 'en' | 'fr' = 'en', currency: 'EUR' | 'USD' = 'USD') {
  return render(
    <IntlProvider locale={locale} messages={messagesByLocale[locale]}>
      <main style={{ width: 480 }}>
        <LazyAmountChart title={locale === 'fr' ? 'Historique du prix' : 'Price history'} points={data} currency={currency} />
      </main>
    </IntlProvider>,
  );
}

const areaStroke = () => {
  const path = document.querySelector('.recharts-area-curve');
  return path ? getComputedStyle(path).stroke : undefined;
};

beforeEach(async () => {
  await page.viewport(1280, 800);
  document.documentElement.className = '';
});
afterEach(async () => {
  await cleanup();
  document.documentElement.className = '';
});

describe('The amount chart', () => {
  test('draws the points, with a summary and the figures in a table for those who cannot see it', async () => {
    await show(points);
    await expect.poll(() => document.querySelectorAll('.recharts-area-curve').length).toBe(1);
    const figure = page.getByRole('figure', { name: 'Price history' });
    await expect.element(figure).toHaveTextContent('$3.50 on Nov 1, 2026, $5.00 on Nov 15, 2026 (3 points)');
    await page.getByText('Show the figures').click();
    const table = figure.getByRole('table', { name: 'Price history' });
    await expect.element(table.getByRole('row').nth(2)).toHaveTextContent('Nov 8, 2026$4.25');
    expect(await seriousAxeViolations()).toEqual([]);
  });

  test('in French, in euros', async () => {
    await show(points, 'fr', 'EUR');
    await expect.element(page.getByRole('figure', { name: 'Historique du prix' })).toHaveTextContent('3,50 € le 1 nov. 2026, 5,00 € le 15 nov. 2026 (3 points)');
    await expect.poll(() => document.querySelectorAll('.recharts-area-curve').length).toBe(1);
  });

  test('follows the theme: its line takes the accent colour of light and of dark', async () => {
    await show(points);
    await expect.poll(areaStroke).toBe('rgb(29, 78, 216)');
    document.documentElement.classList.add('dark');
    await expect.poll(areaStroke).toBe('rgb(122, 162, 255)');
  });

  test('without points it says there is no history yet and draws nothing', async () => {
    await show([]);
    await expect.element(page.getByRole('figure', { name: 'Price history' })).toHaveTextContent('No history yet');
    expect(document.querySelector('svg.recharts-surface')).toBeNull();
    await cleanup();
    await show([], 'fr');
    await expect.element(page.getByRole('figure', { name: 'Historique du prix' })).toHaveTextContent('Pas encore d’historique');
  });
});
