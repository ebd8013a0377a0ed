import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { writeFakeCameraSequence } from '../fixtures/camera/fake-camera-sequence.ts';
import { writeFakeCameraVideo } from '../fixtures/camera/fake-camera-video.ts';
import { cspViolations, fakeCameraArgs, launchChromium, openPage } from './browser-session.ts';
import { registerAccount, signInAt } from './sign-in-flow.ts';
import { expectResultInView } from './result-in-view.ts';

const accounts = inject('accounts');
const baseUrl = inject('baseUrl');
const cards = inject('scanCards');
const folder = mkdtempSync(join(tmpdir(), 'card-lens-continuous-'));
/** Three different cards with different names, shown one after the other; the last stays in view. */
const shown = cards.sequence.filter((card, index, all) => all.findIndex((other) => other.cardName === card.cardName) === index).slice(0, 3);
let sequenceBrowser: Browser;
let stillBrowser: Browser;
let browser: Browser;

beforeAll(async () => {
  const sequence = await writeFakeCameraSequence({ cardImages: shown.map((card) => card.imageFile), out: join(folder, 'sequence.y4m'), fps: 10, leadSeconds: 2, holdSeconds: 3, moveSeconds: 0.6, lastHoldSeconds: 25, cardHeightRatio: 0.78 });
  // The card stays in view for the whole of each test (the camera loops the file).
  const still = await writeFakeCameraVideo({ cardImage: cards.inCatalog.imageFile, out: join(folder, 'still.y4m'), cardHeightRatio: 0.78, fps: 5, holdSeconds: 60 });
  [sequenceBrowser, stillBrowser, browser] = await Promise.all([launchChromium(fakeCameraArgs(sequence.file)), launchChromium(fakeCameraArgs(still)), launchChromium()]);
  // The server's first identification loads what it needs: once it has learned its cards, ask one
  // first, so that the cards' pace is the app's.
  while (!((await (await fetch(`${baseUrl}/v1/vision/status`)).json()) as { ready: boolean }).ready) await new Promise((resolve) => setTimeout(resolve, 500));
  const form = new FormData();
  form.set('file', new Blob([readFileSync(cards.inCatalog.imageFile)], { type: 'image/png' }), 'card.png');
  expect((await fetch(`${baseUrl}/v1/vision/identify`, { method: 'POST', body: form })).ok).toBe(true);
}, 180_000);
afterAll(async () => {
  await Promise.all([sequenceBrowser?.close(), stillBrowser?.close(), browser?.close()]);
  rmSync(folder, { recursive: true, force: true });
});
afterEach(() => expect(cspViolations()).toEqual([]));

/** The engine has loaded and the camera is live. */
const scannerLive = (page: Page) =>
  page.waitForFunction(() => {
    const phase = document.querySelector('.camera-view')?.getAttribute('data-phase');
    return phase !== undefined && phase !== 'starting' && document.querySelector('.model-progress') === null;
  }, undefined, { timeout: 90_000, polling: 100 });

/** Frames the engine analyses from now on with the card locked. */
const countLockedFrames = (page: Page) =>
  page.evaluate(() => {
    const counter = { locked: 0 };
    (window as unknown as { lockedFrames: typeof counter }).lockedFrames = counter;
    window.addEventListener('card-lens:frame', (event) => {
      if ((event as CustomEvent<{ detected: boolean }>).detail.detected) counter.locked += 1;
    });
  });

describe('continuous scanning in the running product', () => {
  test('with the session on, each card shown is added once with no tap, a card left in view is not added again, and Undo takes one back', { timeout: 240_000 }, async () => {
    const collector = await registerAccount(browser, accounts.admin, 'Cora');
    const page = await openPage(sequenceBrowser);
    await signInAt(page, '/collection', collector);
    await page.getByRole('navigation').getByRole('link', { name: 'Scan' }).click();
    await scannerLive(page);
    // The fake camera plays its file from the start each time it opens: restart it, then switch the session on.
    await page.getByRole('button', { name: 'Restart Camera' }).click();
    await scannerLive(page);
    await page.getByRole('switch', { name: 'Add each scan to my collection' }).check();

    const strip = page.getByRole('region', { name: 'Cards added in this session' });
    await strip.getByText('3 cards added in this session').waitFor({ timeout: 90_000 });
    const added = await strip.locator('.session-item strong').allTextContents();
    expect(added).toEqual(shown.map((card) => card.cardName).reverse());

    // The last card stays in view, locked: many more frames later it has still been added once.
    await countLockedFrames(page);
    await page.waitForFunction(() => (window as unknown as { lockedFrames: { locked: number } }).lockedFrames.locked >= 30, undefined, { timeout: 60_000, polling: 200 });
    expect(await strip.locator('.session-item').count()).toBe(3);
    await strip.getByText('3 cards added in this session').waitFor();

    const last = shown[2]!.cardName;
    await strip.getByRole('button', { name: `Undo adding ${last}` }).click();
    await strip.getByText('2 cards added in this session').waitFor();

    await page.goto(`${baseUrl}/collection`);
    await page.locator('.collection-tile').first().waitFor();
    const tiles = await page.locator('.collection-tile').evaluateAll((items) => items.map((item) => `${item.querySelector('.card-tile-name')?.textContent} ×${item.querySelector('.quantity-value')?.textContent}`));
    expect(tiles.sort()).toEqual([`${shown[0]!.cardName} ×1`, `${shown[1]!.cardName} ×1`].sort());
  });

  test('the Continuous switch outside a session identifies each card by itself and adds nothing', { timeout: 180_000 }, async () => {
    const page = await openPage(stillBrowser);
    await page.goto(`${baseUrl}/`);
    await scannerLive(page);
    await page.getByRole('switch', { name: 'Continuous' }).check();
    await page.locator('.candidate.featured').getByRole('heading', { name: cards.inCatalog.cardName }).waitFor({ timeout: 60_000 });
    // The camera stays live: no Take Another to tap.
    expect(await page.getByRole('button', { name: 'Take Another' }).count()).toBe(0);
    expect(await page.locator('.camera-view').getAttribute('data-phase')).not.toBe('frozen');
  });
});

describe('the result on a phone', () => {
  for (const viewport of [
    { width: 360, height: 640 },
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`after Take Photo the best match is in view without scrolling at ${viewport.width}x${viewport.height}`, { timeout: 180_000 }, async () => {
      const page = await openPage(stillBrowser, { viewport, isMobile: viewport.width < 800, hasTouch: viewport.width < 800 });
      await page.goto(`${baseUrl}/`);
      await page.getByRole('button', { name: 'Take Photo' }).waitFor({ timeout: 90_000 });
      await page.locator('.capture-button').click();
      await page.locator('.candidate.featured').waitFor({ timeout: 60_000 });
      await expectResultInView(page, '#scan-results-title', '.candidate.featured');
    });
  }
});
