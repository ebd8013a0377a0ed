import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launchChromium, openPage } from './browser-session.ts';
import { registerAccount, signInAt } from './sign-in-flow.ts';

const accounts = inject('accounts');
const folder = mkdtempSync(join(tmpdir(), 'card-lens-collection-care-'));
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});
afterEach(() => expect(cspViolations()).toEqual([]));

/** Each tile's name, quantity and condition, sorted. */
async function collectionTiles(page: Page): Promise<string[]> {
  await page.locator('.collection-tile, .empty-state').first().waitFor();
  const tiles = await page.locator('.collection-tile').evaluateAll((items) =>
    items.map((item) => `${item.querySelector('.card-tile-name')?.textContent} ×${item.querySelector('.quantity-value')?.textContent} ${item.querySelector('.condition-badge')?.textContent}`),
  );
  return tiles.sort();
}

/** Two printings of the running product's catalogue, as its API lists them. */
async function twoPrintings(page: Page): Promise<Array<{ id: string; name: string }>> {
  return page.evaluate(async () => {
    const response = await fetch('/v1/cards?size=2&order_by=name');
    const body = (await response.json()) as { content: Array<{ id: string; name: string }> };
    return body.content.map(({ id, name }) => ({ id, name }));
  });
}

async function importFile(page: Page, file: string, mode: 'Add to the copies I own' | 'Replace the copies I own with the file’s', rows: number) {
  await page.getByRole('radio', { name: mode }).check();
  await page.getByLabel('CSV file to import').setInputFiles(file);
  await page.getByRole('button', { name: 'Check file' }).click();
  await page.getByRole('button', { name: `Import ${rows} rows` }).waitFor();
}

describe('collection care in the running product', () => {
  test('Remove offers Undo, which puts the entry back as it was', { timeout: 120_000 }, async () => {
    const account = await registerAccount(browser, accounts.admin, 'Ulysse');
    const page = await openPage(browser);
    await signInAt(page, '/collection', account);
    await page.getByText('Your collection is empty').waitFor();
    const [first, second] = await twoPrintings(page);
    const file = join(folder, 'undo.csv');
    writeFileSync(file, `printing_id,condition,quantity\n${first!.id},LP,3\n${second!.id},NM,1\n`);
    await importFile(page, file, 'Add to the copies I own', 2);
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await page.getByText('Imported 4 cards').waitFor();
    const before = await collectionTiles(page);
    expect(before).toHaveLength(2);
    // This catalogue has no prices: the value says so, and so does each row.
    const value = page.getByRole('region', { name: 'Value' });
    await value.getByText('Total value: $0.00').waitFor();
    await value.getByText('None of your cards has a price yet.').waitFor();
    expect(await page.locator('.collection-tile .no-price').allTextContents()).toEqual(['No price', 'No price']);

    await page.getByRole('button', { name: `Remove ${first!.name} (Lightly Played) from my collection` }).click();
    await page.getByText(`Removed: ${first!.name} (Lightly Played, ×3)`).waitFor();
    await page.getByText('1 card · 1 distinct printing').waitFor();
    await page.getByRole('button', { name: `Put back ${first!.name}` }).click();
    await page.getByText('4 cards · 2 distinct printings').waitFor();
    expect(await collectionTiles(page)).toEqual(before);
  });

  test('import adds to the copies owned by default, or replaces them; the preview shows the copies after', { timeout: 120_000 }, async () => {
    const account = await registerAccount(browser, accounts.admin, 'Romane');
    const page = await openPage(browser, { acceptDownloads: true });
    await signInAt(page, '/collection', account);
    await page.getByText('Your collection is empty').waitFor();
    const [first, second] = await twoPrintings(page);
    const file = join(folder, 'modes.csv');
    writeFileSync(file, `printing_id,condition,quantity\n${first!.id},NM,2\n${second!.id},LP,1\n`);

    await importFile(page, file, 'Add to the copies I own', 2);
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await page.getByText('3 cards · 2 distinct printings').waitFor();
    const once = await collectionTiles(page);

    // The same file added again doubles the copies, and the preview says so before.
    await importFile(page, file, 'Add to the copies I own', 2);
    await page.getByRole('columnheader', { name: 'Owned after' }).waitFor();
    const ownedAfter = () => page.locator('.import-rows tbody tr td:last-child').allTextContents();
    // The preview of the same file reads alike in either mode: wait for this one's figures.
    await expect.poll(ownedAfter).toEqual(['4', '2']);
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await page.getByText('6 cards · 2 distinct printings').waitFor();

    // Replace makes the file's quantities the ones owned: the collection is the file again.
    await importFile(page, file, 'Replace the copies I own with the file’s', 2);
    await expect.poll(ownedAfter).toEqual(['2', '1']);
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await page.getByText('3 cards · 2 distinct printings').waitFor();
    await expect.poll(() => collectionTiles(page)).toEqual(once);

    // Export, then re-import with replace: the same collection.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const exported = join(folder, download.suggestedFilename());
    await download.saveAs(exported);
    expect(readFileSync(exported, 'utf8')).toContain(first!.id);
    await importFile(page, exported, 'Replace the copies I own with the file’s', 2);
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await page.getByText('3 cards · 2 distinct printings').waitFor();
    await expect.poll(() => collectionTiles(page)).toEqual(once);
  });
});
