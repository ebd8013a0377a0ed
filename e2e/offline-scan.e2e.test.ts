import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { writeFakeCameraVideo } from '../fixtures/camera/fake-camera-video.ts';
import { cspViolations, launchChromium, openPage } from './browser-session.ts';
import { registerAccount, signInAt } from './sign-in-flow.ts';

const accounts = inject('accounts');
const cards = inject('scanCards');
const folder = mkdtempSync(join(tmpdir(), 'card-lens-offline-'));
let cameraBrowser: Browser;
let browser: Browser;

beforeAll(async () => {
  const video = await writeFakeCameraVideo({ cardImage: cards.inCatalog.imageFile, out: join(folder, 'in-catalog.y4m'), cardHeightRatio: 0.78 });
  cameraBrowser = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
  browser = await launchChromium();
});
afterAll(async () => {
  await Promise.all([cameraBrowser?.close(), browser?.close()]);
  rmSync(folder, { recursive: true, force: true });
});
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

describe('scanning with no network', () => {
  test('captures are queued offline, survive a reload, and are identified when the network is back; a sure match is added by the session', { timeout: 300_000 }, async () => {
    const collector = await registerAccount(browser, accounts.admin, 'Olive');
    const page = await openPage(cameraBrowser);
    await signInAt(page, '/collection', collector);
    await page.getByText('Your collection is empty').waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Scan' }).click();
    await detected(page);
    // The service worker keeps the app for the visits with no network.
    await page.evaluate(async () => {
      const worker = (await navigator.serviceWorker.ready).active!;
      if (worker.state !== 'activated') await new Promise((done) => worker.addEventListener('statechange', () => worker.state === 'activated' && done(null)));
    });

    // With the session on, a photo taken offline is added once the network is back.
    const name = cards.inCatalog.cardName;
    await page.getByRole('switch', { name: 'Add each scan to my collection' }).check();
    await page.context().setOffline(true);
    await captureOffline(page, '1 scan');
    await page.context().setOffline(false);
    await offlineScans(page).getByText('Added to your collection').waitFor({ timeout: 60_000 });
    expect(await answers(page)).toEqual([name]);
    await page.getByText('1 card added in this session').waitFor();
    expect(await page.getByText('Offline:').count()).toBe(0);
    await offlineScans(page).getByRole('button', { name: /^Dismiss the scan taken at/ }).click();
    await offlineScans(page).waitFor({ state: 'detached' });

    await page.getByRole('navigation').getByRole('link', { name: 'My collection' }).click();
    await page.locator('.collection-tile').first().waitFor();
    expect(await page.locator('.collection-tile .card-tile-name').allTextContents()).toEqual([name]);

    // The app opens with no network; two photos wait, and a reload keeps them.
    await page.context().setOffline(true);
    await page.goto(new URL('/', page.url()).toString());
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
    await page.context().close();
  });
});
