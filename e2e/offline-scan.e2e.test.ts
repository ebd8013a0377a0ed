import { afterEach, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { cameraAndPlainBrowsers } from './camera-browsers.ts';
import { cspViolations, openPage } from './browser-session.ts';
import { registerAccount, signInAt } from './sign-in-flow.ts';

const accounts = inject('accounts');
const cards = inject('scanCards');
const browsers = cameraAndPlainBrowsers('offline');
afterEach(() => expect(cspViolations()).toEqual([]));

/** A card in view and held still is what the engine reports as ready: the Take Photo button. */
const detected = (page: Page) => page.getByRole('button', { name: 'Take Photo' }).waitFor({ timeout: 60_000 });

/** Takes a photo with no network: it is queued, and the camera is ready for the next card at once. */
async function captureOffline(page: Page, queued: string) {
  await detected(page);
  await page.locator('.capture-button').click();
  await page.getByText('Queued: it will be identified when the network is back').waitFor();
  await page.getByText(`Offline: ${queued} queued. They will be identified when the network is back.`).waitFor();
  expect(await page.getByRole('heading', { name: 'Scan Results' }).count()).toBe(0);
}

const offlineScans = (page: Page) => page.getByRole('region', { name: 'Scans taken offline' });
const answers = (page: Page) => offlineScans(page).locator('.offline-scan-match').allTextContents();

/** Resolves once the service worker, which keeps the app for the visits with no network, is active. */
const serviceWorkerReady = (page: Page) =>
  page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state !== 'activated') await new Promise((done) => worker.addEventListener('statechange', () => worker.state === 'activated' && done(null)));
  });

describe('scanning with no network', () => {
  test('the app opened offline queues the photos, a reload keeps them, and they are identified when the network is back', { timeout: 240_000 }, async () => {
    const name = cards.inCatalog.cardName;
    const page = await openPage(browsers.camera);
    await page.goto(inject('baseUrl'));
    await detected(page);
    await serviceWorkerReady(page);

    await page.context().setOffline(true);
    await page.reload();
    await page.locator('.camera-view').waitFor();
    await captureOffline(page, '1 scan');
    await captureOffline(page, '2 scans');
    await page.reload();
    await page.locator('.camera-view').waitFor();
    await page.getByText('Offline: 2 scans queued. They will be identified when the network is back.').waitFor();
    expect(await offlineScans(page).getByText('Waiting for the network').count()).toBe(2);

    await page.context().setOffline(false);
    await expect.poll(() => answers(page), { timeout: 60_000 }).toEqual([name, name]);
    expect(await page.getByText('Offline:').count()).toBe(0);
    await offlineScans(page).getByRole('button', { name: 'Show matches' }).first().click();
    expect(await offlineScans(page).locator('.candidate.featured .candidate-name').textContent()).toBe(name);
    await offlineScans(page).getByRole('button', { name: /^Dismiss the scan taken at/ }).first().click();
    await expect.poll(() => answers(page)).toEqual([name]);
    await page.context().close();
  });

  test('with the scan session on, a card captured offline is added to the collection once the network is back', { timeout: 240_000 }, async () => {
    const name = cards.inCatalog.cardName;
    const collector = await registerAccount(browsers.plain, accounts.admin, 'Olive');
    const page = await openPage(browsers.camera);
    await signInAt(page, '/collection', collector);
    await page.getByText('Your collection is empty').waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Scan' }).click();
    await detected(page);

    // The session scans continuously: the card in view is captured by itself, and queued.
    await page.context().setOffline(true);
    await page.getByRole('switch', { name: 'Add each scan to my collection' }).check();
    await page.getByText(/^Offline: \d+ scans? queued\./).waitFor({ timeout: 60_000 });
    await page.context().setOffline(false);
    await offlineScans(page).getByText('Added to your collection').first().waitFor({ timeout: 60_000 });
    expect((await answers(page))[0]).toBe(name);

    await page.getByRole('navigation').getByRole('link', { name: 'My collection' }).click();
    await page.locator('.collection-tile').first().waitFor();
    expect(new Set(await page.locator('.collection-tile .card-tile-name').allTextContents())).toEqual(new Set([name]));
    await page.context().close();
  });

  test('a collector who opens the app with no network is signed in again when it is back', { timeout: 240_000 }, async () => {
    const collector = await registerAccount(browsers.plain, accounts.admin, 'Pia');
    const first = await openPage(browsers.camera);
    await signInAt(first, '/collection', collector);
    await first.getByText('Your collection is empty').waitFor();
    await first.getByRole('navigation').getByRole('link', { name: 'Scan' }).click();
    await detected(first);
    await serviceWorkerReady(first);

    // A new tab keeps no session of the app's own; the provider's session is what signs it in.
    await first.context().setOffline(true);
    const page = await first.context().newPage();
    await page.goto(inject('baseUrl'));
    await page.locator('.camera-view').waitFor();
    const collectionLink = page.getByRole('navigation').getByRole('link', { name: 'My collection' });
    await page.getByRole('navigation').getByRole('link', { name: 'Scan' }).waitFor();
    expect(await collectionLink.count()).toBe(0);
    await page.context().setOffline(false);
    await collectionLink.waitFor({ timeout: 30_000 });
    await collectionLink.click();
    await page.getByText('Your collection is empty').waitFor();
    await page.context().close();
  });
});
