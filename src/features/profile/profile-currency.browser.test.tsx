import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { cleanup } from 'vitest-browser-react';
import { currencyPreferenceAtom, type Price } from '../../lib/price.ts';
import { PriceTag } from '../../lib/price-tag.tsx';
import { renderScreen } from '../../test-support/render-screen.tsx';
import { setUpScreenTests } from '../../test-support/screen-test-setup.ts';
import { signInCollector, signOutCollector } from '../../test-support/signed-in-collector.ts';
import ProfilePage from './profile-page.tsx';

const price: Price = { EUR: { amount: 3.2, updated: '2026-11-24' }, USD: { amount: 3.75, updated: '2026-11-24' } };

function ProfileWithPrice() {
  return (
    <>
      <ProfilePage />
      <p data-testid="price">
        <PriceTag price={price} />
      </p>
    </>
  );
}

setUpScreenTests();
afterEach(() => {
  signOutCollector();
  getDefaultStore().set(currencyPreferenceAtom, 'auto');
});

describe('Profile: the currency of prices', () => {
  test('follows the language until the collector picks one, and every price follows the choice', async () => {
    signInCollector(36);
    await renderScreen({ path: '/profile', routes: [{ path: '/profile', Component: ProfileWithPrice }] });
    await page.getByRole('textbox', { name: 'First name' }).fill('Camille');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Collector');
    const currency = page.getByRole('combobox', { name: 'Prices in' });
    await expect.element(currency).toHaveValue('');
    await expect.element(page.getByTestId('price')).toHaveTextContent('$3.75');

    await userEvent.selectOptions(currency, 'EUR');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.element(page.getByText('Profile updated successfully')).toBeVisible();
    await expect.element(page.getByTestId('price')).toHaveTextContent('€3.20');
    // The choice is kept with the profile: the page opened again shows it.
    await cleanup();
    await renderScreen({ path: '/profile', routes: [{ path: '/profile', Component: ProfileWithPrice }] });
    await expect.element(currency).toHaveValue('EUR');

    await userEvent.selectOptions(currency, '');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.element(page.getByTestId('price')).toHaveTextContent('$3.75');
  });
});
