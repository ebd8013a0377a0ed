import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { IntlProvider } from 'react-intl';
import { ToastViewport } from '../../../components/toasts/toast-viewport.tsx';
import { messagesByLocale } from '../../../i18n/messages.ts';
import type { ScanCandidate } from '../../../lib/scan-candidate.ts';
import { setUpScreenTests } from '../../../test-support/screen-test-setup.ts';
import { signInCollector, signOutCollector } from '../../../test-support/signed-in-collector.ts';
import { ScanSide } from '../scan-side.tsx';

function candidate(printingId: string, cardName: string, score: number, number = '1'): ScanCandidate {
  return {
    printingId,
    cardName,
    setName: 'Alpha Base',
    number,
    variant: 'normal',
    language: 'en',
    score,
    imageUrl: '/nothing/high.png',
    urls: { cardUrl: 'https://example.org/card', searchInSetUrl: 'https://example.org/set' },
  };
}

const sure = [candidate('en-alpha-1-normal', 'Pikachu', 97.2)];
const unsure = [candidate('en-alpha-10-normal', "Professor's Research", 61.4, '10'), candidate('en-beta-001-normal', 'Pikachu (Promo), Gold', 40, '001')];
const unsureToo = [candidate('en-alpha-2-holo', 'Raichu', 55, '2')];

let show: (result: ScanCandidate[] | null) => Promise<unknown> = async () => undefined;

/** The side column as the Scan screen shows continuous scanning's results. */
async function renderContinuousSide() {
  const side = (result: ScanCandidate[] | null) => (
    <IntlProvider locale="en" messages={messagesByLocale.en}>
      <ScanSide result={result} continuous={result !== null} />
      <ToastViewport />
    </IntlProvider>
  );
  const screen = await render(side(null));
  show = (result) => screen.rerender(side(result));
}

setUpScreenTests();
afterEach(() => signOutCollector());

const strip = () => page.getByRole('region', { name: 'Cards added in this session' });
const toCheck = () => strip().getByRole('region', { name: /^To check/ });

describe('continuous scanning in the scan session', () => {
  test('unsure scans wait in To check without stopping the next card; one tap on a candidate adds it', async () => {
    const collector = signInCollector(27);
    await renderContinuousSide();
    await page.getByRole('switch', { name: 'Add each scan to my collection' }).click();

    await show(unsure);
    await expect.element(page.getByText('Not sure which card this is, so it waits in To check. Show the next card.')).toBeVisible();
    await show(sure);
    await expect.element(strip().getByText('1 card added in this session')).toBeVisible();
    await expect.element(page.getByText('Added to your collection. Show the next card.')).toBeVisible();
    await show(unsureToo);
    await expect.element(toCheck().getByRole('heading', { name: 'To check (2)' })).toBeVisible();
    expect(await collector.entries()).toEqual([{ printingId: 'en-alpha-1-normal', condition: 'near_mint', quantity: 1 }]);

    await toCheck().getByRole('button', { name: 'Add Pikachu (Promo), Gold, Alpha Base 001' }).click();
    await expect.element(strip().getByText('2 cards added in this session')).toBeVisible();
    await expect.element(toCheck().getByRole('heading', { name: 'To check (1)' })).toBeVisible();
    expect(await collector.entries()).toEqual([
      { printingId: 'en-alpha-1-normal', condition: 'near_mint', quantity: 1 },
      { printingId: 'en-beta-001-normal', condition: 'near_mint', quantity: 1 },
    ]);

    // A picked card is undone like any other add; a dismissed scan leaves the list, adding nothing.
    await strip().getByRole('button', { name: 'Undo adding Pikachu (Promo), Gold' }).click();
    await expect.element(strip().getByText('1 card added in this session')).toBeVisible();
    await toCheck().getByRole('button', { name: 'Dismiss the scan that may be Raichu' }).click();
    await expect.poll(() => page.getByRole('heading', { name: /^To check/ }).elements()).toHaveLength(0);
    expect(await collector.entries()).toEqual([{ printingId: 'en-alpha-1-normal', condition: 'near_mint', quantity: 1 }]);
  });

  test('a photo taken by hand that is unsure is picked from its matches, not listed in To check', async () => {
    signInCollector(28);
    const side = (result: ScanCandidate[] | null) => (
      <IntlProvider locale="en" messages={messagesByLocale.en}>
        <ScanSide result={result} />
      </IntlProvider>
    );
    const screen = await render(side(null));
    await page.getByRole('switch', { name: 'Add each scan to my collection' }).click();
    await screen.rerender(side(unsure));
    await expect.element(page.getByText('Not sure which card this is, so it was not added. Pick it from the matches below.')).toBeVisible();
    expect(page.getByRole('heading', { name: /^To check/ }).elements()).toHaveLength(0);
  });
});
