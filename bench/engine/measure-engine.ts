// The scanner engine's real path (worker, canvas readback, onnxruntime-web wasm on one thread) in
// Debian's Chromium, on a page of its own that draws nothing else: this machine's own time for it.
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';
import type { BenchReport, BenchRequest } from './engine-bench-protocol.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Runs each request in turn on one page and returns their reports. */
export async function measureEngine(requests: BenchRequest[]): Promise<BenchReport[]> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error("The engine benchmark needs Debian's Chromium (apt-get install chromium) or CHROMIUM_PATH.");
  const server = await createServer({ root, configFile: `${root}vite.config.ts`, logLevel: 'warn', server: { port: 5190, strictPort: false, host: '127.0.0.1' } });
  await server.listen();
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'warning') console.warn(`[page] ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) console.warn(`[page] HTTP ${response.status()} ${response.url()}`);
    });
    const base = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5190/';
    await page.goto(new URL('bench/engine/browser/index.html', base).href);
    await page.waitForFunction(() => 'runEngineBench' in globalThis, undefined, { timeout: 60_000 });
    const reports: BenchReport[] = [];
    for (const request of requests) {
      reports.push(await page.evaluate((req) => (globalThis as unknown as { runEngineBench(r: BenchRequest): Promise<BenchReport> }).runEngineBench(req), request));
    }
    return reports;
  } finally {
    await browser.close();
    await server.close();
  }
}
