import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { writeFakeCameraVideo } from '../fixtures/camera/fake-camera-video.ts';
import { cspViolations, fakeCameraArgs, launchChromium, openPage } from './browser-session.ts';

const baseUrl = inject('baseUrl');
const cards = inject('scanCards');
const videos = mkdtempSync(join(tmpdir(), 'card-lens-camera-'));
let browser: Browser;
let cardVideo: string;

beforeAll(async () => {
  cardVideo = await writeFakeCameraVideo({ cardImage: cards.inCatalog.imageFile, out: join(videos, 'card.y4m'), cardHeightRatio: 0.78 });
  browser = await launchChromium(fakeCameraArgs(cardVideo));
});
afterAll(async () => {
  await browser?.close();
  rmSync(videos, { recursive: true, force: true });
});
afterEach(() => expect(cspViolations()).toEqual([]));

/** Resolves once the service worker has installed its precache and is active for the page's scope. */
const serviceWorkerReady = (page: Page) =>
  page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state !== 'activated') await new Promise((done) => worker.addEventListener('statechange', () => worker.state === 'activated' && done(null)));
    return worker.state;
  });

/** A card in view and held still is what the engine reports as ready: the Take Photo button. */
const detected = (page: Page) => page.getByRole('button', { name: 'Take Photo' }).waitFor({ timeout: 60_000 });

const isRuntimeOrModel = (url: string) => /\/ort\/|\/models\//.test(new URL(url).pathname);

describe('a phone on a mobile network', () => {
  test('the app can be installed: a manifest with a standalone start on the Scan screen, icons, and a service worker', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(new URL(manifestHref!, baseUrl).toString())).json();
    expect(manifest).toMatchObject({ name: 'Card Lens', short_name: 'Card Lens', start_url: '/', display: 'standalone', theme_color: '#1d4ed8' });
    const sizes = (manifest.icons as { sizes: string; src: string }[]).map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const answer = await page.request.get(new URL(icon.src, baseUrl).toString());
      expect(answer.status(), icon.src).toBe(200);
      expect(answer.headers()['content-type'], icon.src).toContain(icon.type);
    }
    expect(await serviceWorkerReady(page)).toBe('activated');
    await page.context().close();
  });

  test('after one visit the app opens and detects cards with no network, a second visit fetches no runtime or model, and the catalogue says it is offline', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl);
    await detected(page);
    expect(await serviceWorkerReady(page)).toBe('activated');

    const fromNetwork: string[] = [];
    const fromCache: string[] = [];
    page.context().on('response', (response: Response) => {
      if (isRuntimeOrModel(response.url())) (response.fromServiceWorker() ? fromCache : fromNetwork).push(new URL(response.url()).pathname);
    });
    await page.reload();
    await detected(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(fromCache).toEqual(expect.arrayContaining(['/ort/ort-wasm-simd-threaded.wasm', '/models/card-detector.onnx']));
    expect(fromNetwork).toEqual([]);

    await page.context().setOffline(true);
    await page.reload();
    await page.locator('.camera-view').waitFor();
    await detected(page);
    expect(await page.getByText('You are offline').count()).toBe(0);

    await page.getByRole('navigation').getByRole('link', { name: 'Cards', includeHidden: true }).dispatchEvent('click');
    await page.getByText('You are offline: cards, sets and your collection need the network.').waitFor();
    await page.context().setOffline(false);
    await page.getByText('You are offline').waitFor({ state: 'detached' });
    await page.context().close();
  });

  test('a new version waits for "Reload to update" and is used once the collector asks', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl);
    await detected(page);
    expect(await serviceWorkerReady(page)).toBe('activated');
    // A returning collector: the page opens under the installed worker.
    await page.reload();
    await detected(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain('/sw.js');

    // A new version is deployed: the service worker's script changes (its compressed copies go, so the new bytes are served).
    const script = 'dist/sw.js';
    const kept = Object.fromEntries([script, `${script}.br`, `${script}.gz`].filter((file) => existsSync(file)).map((file) => [file, readFileSync(file)]));
    try {
      writeFileSync(script, `${kept[script]!.toString()}\n// the next version\n`);
      rmSync(`${script}.br`, { force: true });
      rmSync(`${script}.gz`, { force: true });
      // A browser checks for a new worker at each navigation; on a loaded machine one check did not
      // bring the prompt within 30 s, so the test asks again until it comes.
      const prompt = page.getByText('A new version of Card Lens is ready.');
      await expect
        .poll(
          async () => {
            await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
            return prompt.isVisible();
          },
          { timeout: 90_000, interval: 5_000 },
        )
        .toBe(true);
      // Nothing swaps on its own: the page keeps its scanner until asked.
      await detected(page);
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload to update' }).click()]);
      await page.locator('.camera-view').waitFor();
      expect(await page.getByText('A new version of Card Lens is ready.').count()).toBe(0);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    } finally {
      for (const [file, bytes] of Object.entries(kept)) writeFileSync(file, bytes);
      await page.context().close();
    }
  }, 150_000);
});
