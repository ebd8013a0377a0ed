import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { cameraAndPlainBrowsers } from './camera-browsers.ts';
import { cspViolations, openPage } from './browser-session.ts';
import { registerAccount, signInAt } from './sign-in-flow.ts';

const accounts = inject('accounts');
const cards = inject('scanCards');
const browsers = cameraAndPlainBrowsers('collection');
afterEach(() => expect(cspViolations()).toEqual([]));

/** The collection as its screen shows it: each tile's name, quantity and condition. */
async function collectionTiles(page: Page): Promise<string[]> {
  await page.locator('.collection-tile, .empty-state').first().waitFor();
  const tiles = await page.locator('.collection-tile').evaluateAll((items) =>
    items.map((item) => `${item.querySelector('.card-tile-name')?.textContent} ×${item.querySelector('.quantity-value')?.textContent} ${item.querySelector('.condition-badge')?.textContent}`),
  );
  return tiles.sort();
}

describe('my collection in the running product', () => {
  test('sign in, scan a card and add it, see it in the collection, export it, and import it into a new account', { timeout: 180_000 }, async () => {
    const page = await openPage(browsers.camera, { acceptDownloads: true });
    await signInAt(page, '/collection', accounts.collector);
    await page.getByText('Your collection is empty').waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'Scan' }).click();
    await page.getByRole('button', { name: 'Take Photo' }).waitFor({ timeout: 45_000 });
    await page.locator('.capture-button').click();
    await page.getByRole('heading', { name: 'Scan Results' }).waitFor({ timeout: 45_000 });
    const name = cards.inCatalog.cardName;
    await page.locator('.candidate.featured').getByRole('button', { name: `Add to collection: ${name}` }).click();
    const sheet = page.getByRole('dialog', { name: `Add ${name} to my collection` });
    await sheet.getByRole('combobox', { name: 'Condition' }).selectOption('lightly_played');
    await sheet.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await sheet.getByRole('button', { name: 'Add 2 copies' }).click();
    await page.getByText('Added to your collection', { exact: true }).waitFor();

    // The session switch adds the next scan by itself when the match is sure.
    await page.getByRole('button', { name: 'Take Another' }).click();
    await page.getByRole('switch', { name: 'Add each scan to my collection' }).check();
    // A clean card held still is a sure match: the session captures and adds it with no tap.
    await expect.poll(() => page.locator('.session-note').textContent(), { timeout: 60_000 }).toMatch(/^Added/);
    await page.getByText('1 card added in this session').waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'My collection' }).click();
    await page.getByRole('heading', { name: 'My collection', level: 1 }).waitFor();
    const mine = await collectionTiles(page);
    expect(mine).toEqual([`${name} ×1 Near Mint`, `${name} ×2 Lightly Played`]);
    await page.getByText('3 cards · 1 distinct printing').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const file = join(browsers.folder, download.suggestedFilename());
    await download.saveAs(file);
    expect(readFileSync(file, 'utf8').split('\r\n')[0]).toBe('printing_id,name,set_id,set_code,set_name,number,language,finish,condition,quantity,added_at');

    const newcomer = await registerAccount(browsers.plain, accounts.admin, 'Nadia');
    const theirs = await openPage(browsers.plain);
    await signInAt(theirs, '/collection', newcomer);
    await theirs.getByText('Your collection is empty').waitFor();
    await theirs.getByLabel('CSV file to import').setInputFiles(file);
    await theirs.getByRole('button', { name: 'Check file' }).click();
    await theirs.getByText('2 rows read: 2 match cards (3 copies).').waitFor();
    await theirs.getByRole('button', { name: 'Import 2 rows' }).click();
    await theirs.getByText('Imported 3 cards').waitFor();
    await theirs.getByText('3 cards · 1 distinct printing').waitFor();
    expect(await collectionTiles(theirs)).toEqual(mine);
  });
});
