import { afterEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { ToastViewport } from '../../components/toasts/toast-viewport.tsx';
import { renderScreen } from '../../test-support/render-screen.tsx';
import { setUpScreenTests } from '../../test-support/screen-test-setup.ts';
import { signInCollector, signOutCollector } from '../../test-support/signed-in-collector.ts';
import { seriousAxeViolations } from '../../test-support/axe.ts';
import CardsPage from './cards-page.tsx';

function CardsWithToasts() {
  return (
    <>
      <CardsPage />
      <ToastViewport />
    </>
  );
}

const openCards = (path: string, locale: 'en' | 'fr' = 'en') => renderScreen({ path, locale, routes: [{ path: '/cards', Component: CardsWithToasts }] });

setUpScreenTests();
afterEach(() => signOutCollector());

async function openDetailsOf(name: string, path = '/cards?name=pikachu&lang=en') {
  await openCards(path);
  const tile = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) }).first();
  await tile.getByRole('button', { name: 'Details' }).click();
  await expect.element(page.getByRole('dialog', { name })).toBeVisible();
}

describe('Add to collection', () => {
  test('from the card details: the printing shown, Near Mint and one copy to start; another finish, condition and quantity can be chosen', async () => {
    const collector = signInCollector(0);
    await openDetailsOf('Pikachu', '/cards?name=pikachu&lang=en&sort=localId:asc');
    await page.getByRole('button', { name: 'Add to collection: Pikachu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Add Pikachu to my collection' });
    await expect.element(sheet).toBeVisible();
    await expect.element(sheet.getByRole('radio', { name: 'Normal EN' })).toBeChecked();
    await expect.element(sheet.getByRole('radio', { name: 'Reverse holo EN' })).not.toBeChecked();
    await expect.element(sheet.getByRole('combobox', { name: 'Condition' })).toHaveValue('near_mint');
    await expect.element(sheet.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(1);
    expect(await seriousAxeViolations()).toEqual([]);

    await sheet.getByRole('radio', { name: 'Reverse holo EN' }).click();
    await userEvent.selectOptions(sheet.getByRole('combobox', { name: 'Condition' }), 'lightly_played');
    await sheet.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await sheet.getByRole('button', { name: 'Add 2 copies' }).click();

    await expect.element(page.getByText('Added to your collection', { exact: true })).toBeVisible();
    await expect.element(page.getByText('Pikachu, Reverse holo, Lightly Played: you now have 2')).toBeVisible();
    await expect.element(sheet).not.toBeInTheDocument();
    expect(await collector.entries()).toEqual([{ printingId: 'en-alpha-1-reverse', condition: 'lightly_played', quantity: 2 }]);
  });

  test('adding again what is owned adds to it, and the toast says how many there are now', async () => {
    const collector = signInCollector(1);
    await collector.add('en-alpha-2-holo', { quantity: 3 });
    await openDetailsOf('Raichu', '/cards?name=raichu&lang=en');
    await page.getByRole('button', { name: 'Add to collection: Raichu' }).click();
    await page.getByRole('button', { name: 'Add 1 copy' }).click();
    await expect.element(page.getByText('Raichu, Holo, Near Mint: you now have 4')).toBeVisible();
  });

  test('a quantity that is not a whole number from 1 to 9999 cannot be sent', async () => {
    signInCollector(2);
    await openDetailsOf('Raichu', '/cards?name=raichu&lang=en');
    await page.getByRole('button', { name: 'Add to collection: Raichu' }).click();
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await quantity.fill('0');
    await expect.element(page.getByText('Enter a whole number from 1 to 9999')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Add 1 copy' })).toBeDisabled();
  });

  test('a visitor is offered sign-in, which comes back to this card with the add sheet open', async () => {
    const signIn = vi.fn(async () => undefined);
    signOutCollector(signIn);
    await openDetailsOf('Raichu', '/cards?name=raichu&lang=fr');
    await page.getByRole('button', { name: 'Sign in to add to your collection' }).click();
    expect(signIn).toHaveBeenCalledWith('/cards?card=fr-alpha-2-holo&add=1');
  });

  test('coming back from sign-in opens the card and its add sheet, in French too', async () => {
    signInCollector(3);
    await openCards('/cards?card=fr-alpha-2-holo&add=1', 'fr');
    await expect.element(page.getByRole('dialog', { name: 'Ajouter Raichu à ma collection' })).toBeVisible();
    await expect.element(page.getByRole('radio', { name: 'Holo FR' })).toBeChecked();
    await expect.element(page.getByRole('combobox', { name: 'État' })).toHaveValue('near_mint');
  });
});
