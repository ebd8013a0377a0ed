import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { IntlProvider } from 'react-intl';
import { ToastViewport } from '../../components/toasts/toast-viewport.tsx';
import { messagesByLocale } from '../../i18n/messages.ts';
import type { ScanCandidate } from '../../lib/scan-candidate.ts';
import { setUpScreenTests } from '../../test-support/screen-test-setup.ts';
import { signInCollector, signOutCollector } from '../../test-support/signed-in-collector.ts';
import { ScanSide } from './scan-side.tsx';

function candidate(printingId: string, cardName: string, score: number, variant = 'normal'): ScanCandidate {
  return {
    printingId,
    cardName,
    setName: 'Alpha Base',
    number: '1',
    variant,
    language: 'en',
    score,
    imageUrl: '/nothing/high.png',
    urls: { cardUrl: 'https://example.org/card', searchInSetUrl: 'https://example.org/set' },
  };
}

const sure = [candidate('en-alpha-1-normal', 'Pikachu', 97.2), candidate('en-alpha-1-reverse', 'Pikachu', 2.1, 'reverse')];
const raichu = [candidate('en-alpha-2-holo', 'Raichu', 95, 'holo')];
const unsure = [candidate('en-alpha-10-normal', "Professor's Research", 61.4), candidate('en-beta-001-normal', 'Pikachu (Promo), Gold', 40)];

let show: (result: ScanCandidate[] | null) => Promise<unknown> = async () => undefined;

/** The Scan screen's side column as the page renders it, the scanner's last result set by the test. */
async function renderScanSide() {
  const side = (result: ScanCandidate[] | null) => (
    <IntlProvider locale="en" messages={messagesByLocale.en}>
      <ScanSide result={result} />
      <ToastViewport />
    </IntlProvider>
  );
  const screen = await render(side(null));
  show = (result) => screen.rerender(side(result));
}

setUpScreenTests();
// Each test signs in a collector of its own, so each starts a session of its own.
afterEach(() => signOutCollector());

const sessionSwitch = () => page.getByRole('switch', { name: 'Add each scan to my collection' });
const strip = () => page.getByRole('region', { name: 'Cards added in this session' });

describe('scan session', () => {
  test('with the switch on, each sure match is added as it is shown, listed with a running count, and Undo takes it back', async () => {
    const collector = signInCollector(13);
    await renderScanSide();
    await expect.element(sessionSwitch()).not.toBeChecked();
    await sessionSwitch().click();
    await expect.element(strip().getByText('No cards added yet in this session')).toBeVisible();

    await show(sure);
    await expect.element(strip().getByText('1 card added in this session')).toBeVisible();
    await expect.element(page.getByText('Added to your collection: Pikachu (Normal)')).toBeVisible();
    await show(raichu);
    await expect.element(strip().getByText('2 cards added in this session')).toBeVisible();
    await show(sure);
    await expect.element(strip().getByText('3 cards added in this session')).toBeVisible();
    expect(await collector.entries()).toEqual([
      { printingId: 'en-alpha-1-normal', condition: 'near_mint', quantity: 2 },
      { printingId: 'en-alpha-2-holo', condition: 'near_mint', quantity: 1 },
    ]);
    expect([...strip().element().querySelectorAll('.session-item strong')].map((name) => name.textContent)).toEqual(['Pikachu', 'Raichu', 'Pikachu']);

    await strip().getByRole('button', { name: 'Undo adding Raichu' }).click();
    await expect.element(strip().getByText('2 cards added in this session')).toBeVisible();
    await strip().getByRole('button', { name: 'Undo adding Pikachu' }).first().click();
    await expect.element(strip().getByText('1 card added in this session')).toBeVisible();
    expect(await collector.entries()).toEqual([{ printingId: 'en-alpha-1-normal', condition: 'near_mint', quantity: 1 }]);
  });

  test('an uncertain match is not added; the collector picks one of the candidates and it joins the strip', async () => {
    const collector = signInCollector(14);
    await renderScanSide();
    await sessionSwitch().click();
    await show(unsure);
    await expect.element(page.getByText('Not sure which card this is, so it was not added. Pick it from the matches below.')).toBeVisible();
    expect(await collector.entries()).toEqual([]);

    await page.getByRole('button', { name: 'Add to collection: Pikachu (Promo), Gold' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Add 1 copy' }).click();
    await expect.element(strip().getByText('1 card added in this session')).toBeVisible();
    expect(await collector.entries()).toEqual([{ printingId: 'en-beta-001-normal', condition: 'near_mint', quantity: 1 }]);
  });

  test('with the switch off nothing is added by itself', async () => {
    const collector = signInCollector(15);
    await renderScanSide();
    await show(sure);
    await expect.element(page.getByRole('heading', { name: 'Scan Results' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Add to collection: Pikachu' }).first()).toBeVisible();
    expect(await collector.entries()).toEqual([]);
    expect(strip().element().querySelector('.session-count')).toBeNull();
  });

  test('switching on while a match is shown adds the scans that follow, not that one', async () => {
    const collector = signInCollector(16);
    await renderScanSide();
    await show(sure);
    await expect.element(page.getByRole('heading', { name: 'Scan Results' })).toBeVisible();
    await sessionSwitch().click();
    await expect.element(strip().getByText('No cards added yet in this session')).toBeVisible();
    await show(raichu);
    await expect.element(strip().getByText('1 card added in this session')).toBeVisible();
    expect(await collector.entries()).toEqual([{ printingId: 'en-alpha-2-holo', condition: 'near_mint', quantity: 1 }]);
  });

  test('a sign-out ends the session: the next collector on this page starts with none', async () => {
    signInCollector(17);
    await renderScanSide();
    await sessionSwitch().click();
    await show(sure);
    await expect.element(strip().getByText('1 card added in this session')).toBeVisible();

    signOutCollector();
    await expect.poll(() => sessionSwitch().elements()).toHaveLength(0);
    signInCollector(18);
    await expect.element(sessionSwitch()).not.toBeChecked();
    expect(page.getByText('1 card added in this session').elements()).toHaveLength(0);
  });

  test('a visitor has no session switch, and each match offers sign-in instead', async () => {
    signOutCollector();
    await renderScanSide();
    await show(sure);
    await expect.element(page.getByRole('button', { name: 'Sign in to add to your collection' }).first()).toBeVisible();
    expect(sessionSwitch().elements()).toHaveLength(0);
  });
});
