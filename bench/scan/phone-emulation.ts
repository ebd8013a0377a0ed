import type { Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { fakeCameraArgs, launchChromium } from '../../e2e/browser-session.ts';
import { emulatedSlowdownKey } from '../../src/lib/emulated-slowdown.ts';

/**
 * A phone `slowdown` times slower than this machine, page and engine worker alike. Chromium
 * throttles a page's CPU (`rate`) but refuses to throttle a worker on its own ("only supported for
 * pages"), and the page's worker slows far less than the rate: `workerThrottled` is how much longer
 * the engine's inference took at that rate. The engine makes up the rest (`engineSlowdown`, its
 * emulatedSlowdown setting: each frame holds the worker that many times as long as it took).
 */
export interface PhoneEmulation {
  slowdown: number;
  rate: number;
  workerThrottled: number;
  engineSlowdown: number;
}

/** What page-probe.js records on the Scan screen. */
export interface PageFigures {
  longTasks: number[];
  frameIntervals: number[];
  detections: number;
  /** Each analysed frame's inference time and the model input size it ran at. */
  inferenceMs: number[];
  inputSizes: number[];
  liveAt: number | null;
  readyAt: number | null;
}

export const unthrottled: PhoneEmulation = { slowdown: 1, rate: 1, workerThrottled: 1, engineSlowdown: 1 };

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Applies the emulation to a page before it loads the app: the CPU rate, and the engine's share kept in the browser. */
export async function applyPhoneEmulation(page: Page, phone: PhoneEmulation): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: phone.rate });
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [emulatedSlowdownKey, String(phone.engineSlowdown)] as const);
}

/** The Scan screen under the fake camera for `seconds`, as this phone runs it. */
export async function runScanPage(url: string, video: string, phone: PhoneEmulation, seconds: number): Promise<PageFigures> {
  const browser = await launchChromium(fakeCameraArgs(video));
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2 });
    await page.addInitScript({ path: fileURLToPath(new URL('./page-probe.js', import.meta.url)) });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await applyPhoneEmulation(page, phone);
    await page.goto(url);
    await page.waitForTimeout(seconds * 1000);
    return await page.evaluate(() => (window as unknown as { scanFigures: PageFigures }).scanFigures);
  } finally {
    await browser.close();
  }
}

/** The engine's median inference at its starting size (640) on the Scan screen. */
async function inferenceAtStart(url: string, video: string, phone: PhoneEmulation): Promise<number> {
  const figures = await runScanPage(url, video, phone, 10);
  return quantile(figures.inferenceMs.filter((_, i) => figures.inputSizes[i] === 640), 0.5);
}

/**
 * Phones `slowdowns` times slower than this machine: the page throttled at that rate, and the
 * engine's inference measured there against unthrottled to find what the engine must add.
 */
export async function calibratePhones(url: string, video: string, slowdowns: readonly number[]): Promise<PhoneEmulation[]> {
  const base = await inferenceAtStart(url, video, unthrottled);
  const phones: PhoneEmulation[] = [];
  for (const slowdown of slowdowns) {
    if (slowdown === 1) {
      phones.push(unthrottled);
      continue;
    }
    const workerThrottled = Math.min(slowdown, (await inferenceAtStart(url, video, { ...unthrottled, rate: slowdown })) / base);
    phones.push({ slowdown, rate: slowdown, workerThrottled, engineSlowdown: Math.max(1, slowdown / workerThrottled) });
  }
  return phones;
}
