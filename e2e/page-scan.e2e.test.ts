import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { writeFakeCameraPage } from '../fixtures/camera/fake-camera-page.ts';
import { writeFakeCameraVideo } from '../fixtures/camera/fake-camera-video.ts';
import { cspViolations, fakeCameraArgs, launchChromium, openPage } from './browser-session.ts';
import { expectResultInView } from './result-in-view.ts';

const baseUrl = inject('baseUrl');
const cards = inject('scanCards');
const folder = mkdtempSync(join(tmpdir(), 'card-lens-page-'));
/** Four different cards with different names, laid two by two like a binder page. */
const laid = cards.sequence.filter((card, index, all) => all.findIndex((other) => other.cardName === card.cardName) === index).slice(0, 4);
let browser: Browser;
let pageBrowser: Browser;

beforeAll(async () => {
  // A card lying on the table for the whole of each test (the camera loops the file).
  const still = await writeFakeCameraVideo({ cardImage: cards.inCatalog.imageFile, out: join(folder, 'still.y4m'), cardHeightRatio: 0.78, fps: 5, holdSeconds: 60 });
  const binder = await writeFakeCameraPage({ cardImages: laid.map((card) => card.imageFile), out: join(folder, 'page.y4m'), columns: 2 });
  [browser, pageBrowser] = await Promise.all([launchChromium(fakeCameraArgs(still)), launchChromium(fakeCameraArgs(binder))]);
  // The server's first identification loads what it needs: ask one before the tests do.
  while (!((await (await fetch(`${baseUrl}/v1/vision/status`)).json()) as { ready: boolean }).ready) await new Promise((resolve) => setTimeout(resolve, 500));
  const form = new FormData();
  form.set('file', new Blob([readFileSync(cards.inCatalog.imageFile)], { type: 'image/png' }), 'card.png');
  expect((await fetch(`${baseUrl}/v1/vision/identify`, { method: 'POST', body: form })).ok).toBe(true);
}, 180_000);
afterAll(async () => {
  await Promise.all([browser?.close(), pageBrowser?.close()]);
  rmSync(folder, { recursive: true, force: true });
});
afterEach(() => expect(cspViolations()).toEqual([]));

/** Page mode on, the engine loaded and the camera live: the page can be photographed. */
async function pageModeReady(page: Page) {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('switch', { name: 'Page mode' }).check();
  await page.waitForFunction(() => document.querySelector('.model-progress') === null && !document.querySelector<HTMLButtonElement>('.capture-button')?.disabled, undefined, { timeout: 90_000, polling: 100 });
}

describe('page mode in the running product', () => {
  test('the overlay outlines the card in view, and one photo of the page names it', { timeout: 180_000 }, async () => {
    const page = await openPage(browser);
    await pageModeReady(page);
    await page.locator('.detections-overlay rect').first().waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Photograph the page' }).click();
    const result = page.getByRole('region', { name: 'Cards on this page' });
    await result.getByText(/^1 card found/).waitFor({ timeout: 60_000 });
    await result.getByRole('button', { name: `Card 1: ${cards.inCatalog.cardName}` }).waitFor();
    expect(await result.locator('.page-photo polygon').count()).toBe(1);
    expect(await page.locator('.camera-view').getAttribute('data-phase')).toBe('frozen');
    await page.getByRole('button', { name: 'Take Another' }).click();
    await page.getByRole('button', { name: 'Photograph the page' }).waitFor();
  });

  test('four cards laid two by two: each outlined live, and the photo names all four in reading order', { timeout: 180_000 }, async () => {
    expect(laid).toHaveLength(4);
    const page = await openPage(pageBrowser);
    await pageModeReady(page);
    await page.getByRole('status').filter({ hasText: '4 cards in view' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('.detections-overlay rect').count()).toBe(4);
    await page.getByRole('button', { name: 'Photograph the page' }).click();
    const result = page.getByRole('region', { name: 'Cards on this page' });
    await result.getByText(/^4 cards found/).waitFor({ timeout: 60_000 });
    expect(await result.locator('.page-photo polygon').count()).toBe(4);
    const names = await result.locator('.page-card-name').allTextContents();
    expect(names).toEqual(laid.map((card, index) => `Card ${index + 1}: ${card.cardName}`));
  });
});

describe('the page result on a phone', () => {
  for (const viewport of [
    { width: 360, height: 640 },
    { width: 390, height: 844 },
  ]) {
    test(`after a page photo its heading and photo are in view without scrolling at ${viewport.width}x${viewport.height}`, { timeout: 180_000 }, async () => {
      const page = await openPage(browser, { viewport, isMobile: true, hasTouch: true });
      await pageModeReady(page);
      await page.locator('.capture-button').click();
      await page.locator('.page-result').waitFor({ timeout: 60_000 });
      await page.locator('.page-photo-image').evaluate((image: HTMLImageElement) => image.decode());
      await expectResultInView(page, '#page-results-title', '.page-photo');
    });
  }
});
