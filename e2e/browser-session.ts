import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { chromiumArgs, findChromium } from '../scripts/chromium.mjs';

/** Debian's Chromium, headless, with a fresh profile; extra flags feed a fake camera where needed. */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error("Chromium is not installed: 'apt-get install chromium'");
  return chromium.launch({ executablePath, args: [...chromiumArgs, ...extraArgs] });
}

/** Chromium's fake camera playing `video` (a .y4m file), the permission prompt answered yes. */
export function fakeCameraArgs(video: string): string[] {
  return ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`];
}

const violations: string[] = [];

/** What the Content-Security-Policy refused on every page opened so far (Chromium reports it on the console). */
export function cspViolations(): string[] {
  return [...violations];
}

export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  return page;
}
