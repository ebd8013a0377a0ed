import { afterEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { ToastViewport } from '../../components/toasts/toast-viewport.tsx';
import { renderScreen } from '../../test-support/render-screen.tsx';
import { setUpScreenTests } from '../../test-support/screen-test-setup.ts';
import { signInCollector, signOutCollector } from '../../test-support/signed-in-collector.ts';
import { seriousAxeViolations } from '../../test-support/axe.ts';
import CollectionPage from './collection-page.tsx';

function CollectionWithToasts() {
  return (
    <>
      <CollectionPage />
      <ToastViewport />
    </>
  );
}

const SetPage = () => <p>Set page</p>;

const api = setUpScreenTests();
afterEach(() => signOutCollector());

async function openCollection(path = '/collection', locale: 'en' | 'fr' = 'en') {
  const rendered = await renderScreen({
    path,
    locale,
    routes: [
      { path: '/collection', Component: CollectionWithToasts },
      { path: '/sets/:id', Component: SetPage },
    ],
  });
  await expect.poll(() => document.querySelectorAll('.collection-tile, .empty-state').length).toBeGreaterThan(0);
  return rendered;
}

const tileNames = () => [...document.querySelectorAll('.collection-tile .card-tile-name')].map((name) => name.textContent);
const tile = (name: string) => page.getByRole('listitem', { name });

describe('My collection', () => {
  test('an empty collection says how to start', async () => {
    signInCollector(5);
    await openCollection();
    await expect.element(page.getByText('Your collection is empty')).toBeVisible();
    await expect.element(page.getByText('0 cards · 0 distinct printings')).toBeVisible();
  });

  test('shows the cards as tiles with quantity and condition, totals, and each set’s completion linking to the set', async () => {
    const collector = signInCollector(6);
    await collector.add('en-alpha-1-normal', { quantity: 2 });
    await collector.add('en-alpha-1-reverse', { condition: 'damaged' });
    await collector.add('en-alpha-2-holo');
    await collector.add('en-beta-TG01-normal', { condition: 'lightly_played', quantity: 3 });
    const { router } = await openCollection();

    await expect.element(page.getByText('7 cards · 4 distinct printings')).toBeVisible();
    await expect.poll(tileNames).toEqual(['Éclair', 'Raichu', 'Pikachu', 'Pikachu']);
    const eclair = tile('Éclair');
    await expect.element(eclair).toHaveTextContent('Beta (Promo), Series');
    await expect.element(eclair).toHaveTextContent('#TG01');
    await expect.element(eclair).toHaveTextContent('Lightly Played');
    await expect.element(eclair.getByRole('group', { name: 'Quantity of Éclair' })).toHaveTextContent('3');
    expect(await seriousAxeViolations()).toEqual([]);

    const alpha = page.getByRole('link', { name: 'Alpha Base: 2 / 3 EN 2 of 3 cards owned' });
    await expect.element(alpha).toHaveTextContent('Alpha Base: 2 / 3');
    await expect.element(page.getByRole('link', { name: 'Beta (Promo), Series: 1 / 2 EN 1 of 2 cards owned' })).toBeVisible();
    await alpha.click();
    await expect.poll(() => router.state.location.pathname).toBe('/sets/en-alpha');
  });

  test('filters by name and condition and sorts like the Cards screen', async () => {
    const collector = signInCollector(7);
    await collector.add('en-alpha-1-normal', { quantity: 2 });
    await collector.add('en-alpha-2-holo', { condition: 'heavily_played' });
    await collector.add('en-alpha-10-normal');
    await openCollection();
    await expect.poll(tileNames).toHaveLength(3);

    await page.getByRole('searchbox', { name: 'Card name' }).fill('rai');
    await expect.poll(() => api().last('/v1/collection')?.params.get('name')).toBe('ci(contains("rai"))');
    await expect.poll(tileNames).toEqual(['Raichu']);
    await page.getByRole('searchbox', { name: 'Card name' }).fill('');
    await expect.poll(tileNames).toHaveLength(3);

    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Condition', exact: true }), 'heavily_played');
    await expect.poll(() => api().last('/v1/collection')?.params.get('condition')).toBe('eq("heavily_played")');
    await expect.poll(tileNames).toEqual(['Raichu']);
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Condition', exact: true }), '');

    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Sort' }), 'name:asc');
    await expect.poll(tileNames).toEqual(['Pikachu', "Professor's Research", 'Raichu']);
    expect(Object.fromEntries(api().last('/v1/collection')!.params)).toMatchObject({ order_by: 'name', sort_by: 'asc', page: '0', size: '24' });
  });

  test('changes a quantity and a condition, removes a card, and the totals follow', async () => {
    const collector = signInCollector(8);
    await collector.add('en-alpha-2-holo', { quantity: 2 });
    await collector.add('en-alpha-10-normal');
    await openCollection();
    await expect.element(page.getByText('3 cards · 2 distinct printings')).toBeVisible();

    await page.getByRole('button', { name: 'One more Raichu' }).click();
    await expect.element(tile('Raichu').getByRole('group', { name: 'Quantity of Raichu' })).toHaveTextContent('3');
    await expect.element(page.getByText('4 cards · 2 distinct printings')).toBeVisible();

    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Condition of Raichu' }), 'moderately_played');
    await expect.element(tile('Raichu')).toHaveTextContent('Moderately Played');

    await page.getByRole('button', { name: "Remove Professor's Research (Near Mint) from my collection" }).click();
    await expect.poll(tileNames).toEqual(['Raichu']);
    await expect.element(page.getByText('3 cards · 1 distinct printing')).toBeVisible();
    expect(await collector.entries()).toEqual([{ printingId: 'en-alpha-2-holo', condition: 'moderately_played', quantity: 3 }]);
  });

  test('import checks the file, lists the rows it cannot match, and imports all rows once they match', async () => {
    const collector = signInCollector(9);
    await openCollection();
    const header = 'printing_id,condition,quantity\n';
    const upload = (text: string) => userEvent.upload(page.getByLabelText('CSV file to import'), new File([text], 'cards.csv', { type: 'text/csv' }));

    await upload(`${header}en-alpha-1-normal,NM,2\nen-omega-9-normal,NM,1\nen-alpha-2-holo,mint,1\n`);
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect.element(page.getByText('3 rows read: 1 matches a card (2 copies).')).toBeVisible();
    await expect.element(page.getByText('2 rows cannot be imported', { exact: false })).toBeVisible();
    // The rows it cannot import come first, then the rows it matched.
    const problems = page.getByRole('table').nth(0);
    await expect.element(problems.getByRole('row', { name: "3 no printing 'en-omega-9-normal' in the catalogue" })).toBeVisible();
    await expect.element(problems.getByRole('row').nth(2)).toHaveTextContent("4condition 'mint' is not one of");
    expect(page.getByRole('button', { name: /^Import \d+ rows?$/ }).elements()).toHaveLength(0);
    await expect.element(page.getByRole('button', { name: 'Import the 1 good row, skip the others' })).toBeVisible();
    expect(await collector.entries()).toEqual([]);

    await expect.element(page.getByRole('table', { name: 'The matched row:' }).getByRole('row').nth(1)).toHaveTextContent('2PikachuAlpha Base1ENnormalNear Mint2');

    await upload(`${header}en-alpha-1-normal,NM,2\nen-alpha-2-holo,LP,1\n`);
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect.element(page.getByText('Imported 3 cards')).toBeVisible();
    await expect.poll(tileNames).toHaveLength(2);
    await expect.element(page.getByText('3 cards · 2 distinct printings')).toBeVisible();
  });

  test('the check of a long file shows its totals and its first rows only', async () => {
    signInCollector(12);
    await openCollection();
    const rows = 'en-alpha-1-normal,NM,1\nen-alpha-2-holo,LP,2\n'.repeat(40);
    await userEvent.upload(page.getByLabelText('CSV file to import'), new File([`printing_id,condition,quantity\n${rows}`], 'cards.csv', { type: 'text/csv' }));
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect.element(page.getByText('80 rows read: 80 match cards (120 copies). 2 distinct printings, 2 entries by condition.')).toBeVisible();
    const firstRows = page.getByRole('table', { name: 'The first 50 matched rows of 80:' });
    await expect.element(firstRows).toBeVisible();
    expect(firstRows.getByRole('row').elements()).toHaveLength(51);
    await expect.element(page.getByRole('button', { name: 'Import 80 rows' })).toBeVisible();
  });

  test('exports the collection in the chosen layout', async () => {
    const collector = signInCollector(10);
    await collector.add('fr-alpha-2-holo', { condition: 'lightly_played' });
    await openCollection();
    const downloads: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    };
    try {
      await userEvent.selectOptions(page.getByRole('combobox', { name: 'CSV layout' }), 'cardmarket');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      await expect.poll(() => downloads).toEqual(['card-lens-collection-cardmarket.csv']);
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(api().last('/v1/collection/export')?.params.get('layout')).toBe('cardmarket');
  });

  test('in French', async () => {
    const collector = signInCollector(11);
    await collector.add('fr-alpha-1-reverse', { quantity: 2, condition: 'near_mint' });
    await openCollection('/collection', 'fr');
    await expect.element(page.getByRole('heading', { name: 'Ma collection', level: 1 })).toBeVisible();
    await expect.element(page.getByText('2 cartes · 1 impression distincte')).toBeVisible();
    await expect.element(tile('Pikachu')).toHaveTextContent('Quasi neuve');
    await expect.element(page.getByRole('link', { name: 'Alpha Été : 1 / 2 FR 1 sur 2 cartes possédées' })).toBeVisible();
  });
});
