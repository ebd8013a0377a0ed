import { afterEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { ToastViewport } from '../../components/toasts/toast-viewport.tsx';
import { renderScreen } from '../../test-support/render-screen.tsx';
import { setUpScreenTests } from '../../test-support/screen-test-setup.ts';
import { signInCollector, signOutCollector } from '../../test-support/signed-in-collector.ts';
import CollectionPage from './collection-page.tsx';

function CollectionWithToasts() {
  return (
    <>
      <CollectionPage />
      <ToastViewport />
    </>
  );
}

const api = setUpScreenTests();
afterEach(() => signOutCollector());

async function openCollection(locale: 'en' | 'fr' = 'en', path = '/collection') {
  await renderScreen({ path, locale, routes: [{ path: '/collection', Component: CollectionWithToasts }] });
  await expect.poll(() => document.querySelectorAll('.collection-tile, .empty-state').length).toBeGreaterThan(0);
}

const tileNames = () => [...document.querySelectorAll('.collection-tile .card-tile-name')].map((name) => name.textContent);
const tile = (name: string) => page.getByRole('listitem', { name });

describe('Collection care and value', () => {
  test('Remove offers to undo, and Undo puts the entry back with its condition and quantity', async () => {
    const collector = signInCollector(30);
    await collector.add('en-alpha-2-holo', { quantity: 3, condition: 'lightly_played' });
    await collector.add('en-alpha-10-normal');
    await openCollection();
    await expect.poll(tileNames).toHaveLength(2);

    await page.getByRole('button', { name: 'Remove Raichu (Lightly Played) from my collection' }).click();
    await expect.poll(tileNames).toEqual(["Professor's Research"]);
    await expect.element(page.getByRole('status').filter({ hasText: 'Removed: Raichu (Lightly Played, ×3)' })).toBeVisible();
    expect(await collector.entries()).toEqual([{ printingId: 'en-alpha-10-normal', condition: 'near_mint', quantity: 1 }]);

    await page.getByRole('button', { name: 'Put back Raichu' }).click();
    await expect.element(page.getByText('Put back: Raichu')).toBeVisible();
    await expect.poll(tileNames).toHaveLength(2);
    await expect.element(tile('Raichu').getByRole('group', { name: 'Quantity of Raichu' })).toHaveTextContent('3');
    await expect.element(page.getByText('4 cards · 2 distinct printings')).toBeVisible();
    expect((await collector.entries()).sort((a, b) => a.printingId.localeCompare(b.printingId))).toEqual([
      { printingId: 'en-alpha-10-normal', condition: 'near_mint', quantity: 1 },
      { printingId: 'en-alpha-2-holo', condition: 'lightly_played', quantity: 3 },
    ]);
    expect(document.querySelector('.removed-notice')).toBeNull();
  });

  test('a removal can be let stand: Dismiss keeps it removed', async () => {
    const collector = signInCollector(31);
    await collector.add('en-alpha-10-normal', { quantity: 2 });
    await openCollection('fr');
    await page.getByRole('button', { name: 'Retirer Professor\'s Research (Quasi neuve) de ma collection' }).click();
    await expect.element(page.getByRole('status').filter({ hasText: 'Retirée : Professor\'s Research (Quasi neuve, ×2)' })).toBeVisible();
    await page.getByRole('button', { name: 'Fermer' }).click();
    expect(document.querySelector('.removed-notice')).toBeNull();
    expect(await collector.entries()).toEqual([]);
  });

  test('each row shows its price, or "no price" where none is known, in English and French', async () => {
    const collector = signInCollector(32);
    await collector.add('en-alpha-10-normal', { quantity: 2 });
    await openCollection();
    await expect.element(tile("Professor's Research")).toHaveTextContent('No price');
  });

  test('in French, "pas de prix"', async () => {
    const collector = signInCollector(34);
    await collector.add('fr-alpha-1-reverse');
    await openCollection('fr');
    await expect.element(tile('Pikachu')).toHaveTextContent('Pas de prix');
  });

  test('sorts by value and filters by value in the collector’s currency', async () => {
    const collector = signInCollector(33);
    await collector.add('en-alpha-10-normal');
    await openCollection('fr');
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Tri' }), 'value:desc');
    await expect.poll(() => Object.fromEntries(api().last('/v1/collection')!.params)).toMatchObject({ order_by: 'value', sort_by: 'desc', currency: 'EUR' });
    await page.getByRole('spinbutton', { name: 'Valeur supérieure à (EUR)' }).fill('5');
    await expect.poll(() => api().last('/v1/collection')?.params.get('value')).toBe('gt(5)');
    await page.getByRole('spinbutton', { name: 'Valeur inférieure à (EUR)' }).fill('20.5');
    await expect.poll(() => api().last('/v1/collection')?.params.get('value')).toBe('and(gt(5), lt(20.5))');
  });

  test('import adds to the quantities owned by default, and previews and imports in the mode chosen', async () => {
    signInCollector(35);
    await openCollection();
    await userEvent.upload(page.getByLabelText('CSV file to import'), new File(['printing_id,condition,quantity\nen-alpha-1-normal,NM,2\n'], 'cards.csv', { type: 'text/csv' }));
    await expect.element(page.getByRole('radio', { name: 'Add to the copies I own' })).toBeChecked();
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect.element(page.getByRole('button', { name: 'Import 1 row' })).toBeVisible();
    expect(api().last('/v1/collection/import/preview')?.params.get('mode')).toBe('add');

    await page.getByRole('radio', { name: 'Replace the copies I own with the file’s' }).click();
    // A preview in the other mode no longer holds: the file is checked again.
    expect(page.getByRole('button', { name: 'Import 1 row' }).elements()).toHaveLength(0);
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect.poll(() => api().last('/v1/collection/import/preview')?.params.get('mode')).toBe('replace');
  });

  test('what the collection is worth, in dollars in English: total, by set, most valuable, each row, sorted by value', async () => {
    const collector = signInCollector(37);
    await collector.add('it-gamma-01-normal', { quantity: 2 });
    await collector.add('it-gamma-02-normal');
    await collector.add('it-gamma-03-normal');
    await openCollection();
    const value = page.getByRole('region', { name: 'Value' });
    await expect.element(value.getByText('Total value: $11.00')).toBeVisible();
    await expect.element(value.getByText('2 entries priced, 1 without a price')).toBeVisible();
    await expect.element(value.getByRole('list', { name: 'Value by set' })).toHaveTextContent('Gamma Lunga $11.00');
    await expect.element(value.getByRole('list', { name: 'Most valuable cards' }).getByRole('listitem').nth(0)).toHaveTextContent(/^Gamma 01 ×2 .*\$10\.50$/);
    await expect.element(value.getByRole('figure', { name: 'Value over time' })).toBeVisible();
    await expect.element(tile('Gamma 01')).toHaveTextContent('$5.25 on Nov 23, 2026');
    await expect.element(tile('Gamma 01')).toHaveTextContent('Value: $10.50');
    await expect.element(tile('Gamma 02')).toHaveTextContent('No price');

    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Sort' }), 'value:desc');
    await expect.poll(tileNames).toEqual(['Gamma 01', 'Gamma 03', 'Gamma 02']);
    await page.getByRole('spinbutton', { name: 'Value over (USD)' }).fill('1');
    await expect.poll(tileNames).toEqual(['Gamma 01']);
  });

  test('in French the value is in euros, where Cardmarket prices other cards', async () => {
    const collector = signInCollector(38);
    await collector.add('it-gamma-01-normal', { quantity: 2 });
    await collector.add('it-gamma-02-normal');
    await collector.add('it-gamma-03-normal');
    await openCollection('fr');
    const value = page.getByRole('region', { name: 'Valeur' });
    await expect.element(value.getByText('Valeur totale : 21,00 €')).toBeVisible();
    await expect.element(value.getByText('2 entrées avec un prix, 1 sans prix')).toBeVisible();
    await expect.element(tile('Gamma 02')).toHaveTextContent('12,00 € au 24 nov. 2026');
    await expect.element(tile('Gamma 03')).toHaveTextContent('Pas de prix');
  });

  test('a file with failed rows imports its good rows when asked, and the skipped rows download as CSV', async () => {
    const collector = signInCollector(39);
    await openCollection();
    await userEvent.upload(
      page.getByLabelText('CSV file to import'),
      new File(['printing_id,condition,quantity\nen-alpha-1-normal,NM,2\nen-omega-9-normal,NM,1\n'], 'cards.csv', { type: 'text/csv' }),
    );
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect.element(page.getByText('1 row cannot be imported', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Import the 1 good row, skip the others' }).click();
    await expect.element(page.getByText('Imported 2 cards')).toBeVisible();
    await expect.element(page.getByText('1 row was skipped.')).toBeVisible();
    expect(await collector.entries()).toEqual([{ printingId: 'en-alpha-1-normal', condition: 'near_mint', quantity: 2 }]);

    const downloads: Array<{ name: string; text: Promise<string> }> = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, text: fetch(this.href).then((response) => response.text()) });
    };
    try {
      await page.getByRole('button', { name: 'Download the skipped rows' }).click();
      await expect.poll(() => downloads.map((download) => download.name)).toEqual(['card-lens-import-failures.csv']);
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    const text = await downloads[0]!.text;
    expect(text.split(/\r?\n/)[0]).toBe('line,problem');
    expect(text).toContain("3,no printing 'en-omega-9-normal' in the catalogue");
  });
});
