import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { IntlProvider } from 'react-intl';
import { messagesByLocale } from '../../i18n/messages.ts';
import type { ScanCandidate } from '../../lib/scan-candidate.ts';
import { setUpScreenTests } from '../../test-support/screen-test-setup.ts';
import { signInCollector, signOutCollector } from '../../test-support/signed-in-collector.ts';
import { ResultsPanel } from './results-panel.tsx';

function candidate(printingId: string, cardName: string, score: number): ScanCandidate {
  return {
    printingId,
    cardName,
    setName: 'Alpha Base',
    number: '2',
    variant: 'holo',
    language: 'en',
    score,
    imageUrl: '/nothing/high.png',
    urls: { cardUrl: 'https://example.org/card', searchInSetUrl: 'https://example.org/set' },
  };
}

const raichu = [candidate('en-alpha-2-holo', 'Raichu', 95), candidate('en-alpha-1-normal', 'Pikachu', 3)];

const show = (locale: 'en' | 'fr' = 'en') =>
  render(
    <IntlProvider locale={locale} messages={messagesByLocale[locale]}>
      <ResultsPanel candidates={raichu} />
    </IntlProvider>,
  );

const tileOf = (name: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

setUpScreenTests();
afterEach(() => signOutCollector());

describe('copies owned in the scan result', () => {
  test('the best match says how many copies the collector has; a printing not owned says nothing', async () => {
    const collector = signInCollector(23);
    await collector.add('en-alpha-2-holo', { quantity: 2 });
    await show();
    await expect.element(tileOf('Raichu').getByText('You have 2')).toBeVisible();
    await expect.element(tileOf('Pikachu')).toBeVisible();
    expect(tileOf('Pikachu').getByText(/You have/).elements()).toHaveLength(0);
  });

  test('adding a copy from the result counts it at once', async () => {
    signInCollector(24);
    await show();
    await expect.element(tileOf('Raichu')).toBeVisible();
    expect(tileOf('Raichu').getByText(/You have/).elements()).toHaveLength(0);
    await page.getByRole('button', { name: 'Add to collection: Raichu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Add 1 copy' }).click();
    await expect.element(tileOf('Raichu').getByText('You have 1')).toBeVisible();
  });

  test('in French', async () => {
    const collector = signInCollector(25);
    await collector.add('en-alpha-2-holo', { quantity: 3 });
    await show('fr');
    await expect.element(tileOf('Raichu').getByText('Vous en avez 3')).toBeVisible();
  });

  test('a visitor sees no count', async () => {
    signOutCollector();
    await show();
    await expect.element(tileOf('Raichu')).toBeVisible();
    expect(page.getByText(/You have/).elements()).toHaveLength(0);
  });
});
