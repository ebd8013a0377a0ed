import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { writeFakeCameraVideo } from '../fixtures/camera/fake-camera-video.ts';
import { cspViolations, fakeCameraArgs, launchChromium, openPage } from './browser-session.ts';

const baseUrl = inject('baseUrl');
const cards = inject('scanCards');
const videos = mkdtempSync(join(tmpdir(), 'card-lens-camera-'));
const browsers: Browser[] = [];
// The card spans about 95% of the on-screen frame's width, as a collector filling the frame holds it.
const cardHeightRatio = 0.78;

afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  rmSync(videos, { recursive: true, force: true });
});
// The app and the sign-in pages run under the server's Content-Security-Policy: nothing may be refused.
afterEach(() => expect(cspViolations()).toEqual([]));

/** A browser whose camera plays the given video (no card for a while, then a card entering the frame and holding still). */
async function withCamera(video: string | null): Promise<Page> {
  const camera = video
    ? fakeCameraArgs(video)
    : ['--use-fake-ui-for-media-stream'];
  const browser = await launchChromium(camera);
  browsers.push(browser);
  const page = await openPage(browser);
  // Record every scanner state the overlay goes through, however briefly it is shown.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { scannerPhases: string[] }).scannerPhases = seen;
    new MutationObserver(() => {
      const phase = document.querySelector('.camera-view')?.getAttribute('data-phase');
      if (phase && seen[seen.length - 1] !== phase) seen.push(phase);
    }).observe(document, { subtree: true, attributes: true, childList: true, attributeFilter: ['data-phase'] });
  });
  return page;
}

const phases = (page: Page) => page.evaluate(() => (window as unknown as { scannerPhases: string[] }).scannerPhases);
const captureButton = (page: Page) => page.locator('.capture-button');

describe('scanning with the camera', () => {
  let inCatalogVideo: string;
  let notInCatalogVideo: string;

  beforeAll(async () => {
    inCatalogVideo = await writeFakeCameraVideo({ cardImage: cards.inCatalog.imageFile, out: join(videos, 'in-catalog.y4m'), cardHeightRatio });
    notInCatalogVideo = await writeFakeCameraVideo({ cardImage: cards.notInCatalog.imageFile, out: join(videos, 'not-in-catalog.y4m'), cardHeightRatio });
  });

  test('a card in the catalogue on a fresh install: looking, stabilizing, ready, then found and scanned again', async () => {
    const page = await withCamera(inCatalogVideo);
    await page.goto(baseUrl);
    await page.getByText('Looking for card').waitFor();
    expect(await captureButton(page).isDisabled()).toBe(true);
    expect(await captureButton(page).textContent()).toBe('Align the card');

    await page.getByRole('button', { name: 'Take Photo' }).waitFor({ timeout: 45_000 });
    expect(await captureButton(page).isEnabled()).toBe(true);
    const seen = await phases(page);
    expect(seen.indexOf('looking')).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf('stabilizing')).toBeGreaterThan(seen.indexOf('looking'));
    expect(seen.lastIndexOf('ready')).toBeGreaterThan(seen.indexOf('stabilizing'));

    await captureButton(page).click();
    await page.getByRole('heading', { name: 'Scan Results' }).waitFor({ timeout: 45_000 });
    expect(await page.locator('.candidate.featured .candidate-name').textContent()).toBe(cards.inCatalog.cardName);
    await page.getByText(`Found: ${cards.inCatalog.cardName}`).waitFor();

    await page.getByRole('button', { name: 'Take Another' }).click();
    await page.getByText('Ready to scan').waitFor();
    await captureButton(page).waitFor();
    expect(await page.getByRole('heading', { name: 'Scan Results' }).count()).toBe(0);
  });

  test('a card that is not in the catalogue: no match, then Try Again', async () => {
    const page = await withCamera(notInCatalogVideo);
    await page.goto(baseUrl);
    await page.getByRole('button', { name: 'Take Photo' }).waitFor({ timeout: 45_000 });
    await captureButton(page).click();
    await page.getByText('No matching cards found').waitFor({ timeout: 45_000 });
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByText('Ready to scan').waitFor();
    expect(await page.getByText('No matching cards found').count()).toBe(0);
  });

  test('when card images cannot be downloaded, the Scan screen says so', async () => {
    const page = await withCamera(null);
    await page.goto(inject('noImagesBaseUrl'));
    await page.getByText('Identification is unavailable: card images could not be downloaded').waitFor({ timeout: 60_000 });
    expect(await page.getByText('Getting ready').count()).toBe(0);
  });

  test('without a camera the Camera Error message stays', async () => {
    const page = await withCamera(null);
    // The page's clock runs as usual until moved on: a minute passes at once, with no sleep.
    await page.clock.install();
    await page.goto(baseUrl);
    await page.getByText('Camera Error').waitFor({ timeout: 30_000 });
    expect(await page.getByText('Unable to access camera. Please check permissions.').isVisible()).toBe(true);
    await page.clock.fastForward('01:00');
    expect(await page.getByText('Camera Error').isVisible()).toBe(true);
  });
});
