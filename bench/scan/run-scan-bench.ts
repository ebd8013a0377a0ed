// `npm run bench:scan`: drives the Scan screen of the running product in Chromium with a fake camera
// showing a card, and reports UI-thread long tasks, preview frame intervals, detections per second
// and time to 'ready', once as is and once with the CPU throttled 4x (a low-end phone).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../../server/test-support/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { launchChromium } from '../../e2e/browser-session.ts';
import { prepareScanCatalogue } from '../../e2e/scan-catalogue.ts';
import { writeFakeCameraVideo } from '../../fixtures/camera/fake-camera-video.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '20' }, out: { type: 'string', default: 'bench/out/scan' } } });
const seconds = Number(values.seconds);
/**
 * The video shows an empty table for 2 s, then the card slides into the frame over 1 s and stays
 * (the camera loops it). It runs at 30 frames per second so the camera is not what limits detections.
 */
const cardEntersMs = 2000;

interface PageFigures {
  longTasks: number[];
  frameIntervals: number[];
  detections: number;
  liveAt: number | null;
  readyAt: number | null;
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function startProduct(dataDir: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn('node', ['scripts/start.mjs'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' }, stdio: 'ignore' });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, stop: () => child.kill('SIGTERM') };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  child.kill('SIGTERM');
  throw new Error('The product did not start');
}

async function measure(url: string, video: string, throttle: number): Promise<PageFigures> {
  const browser = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2 });
    await page.addInitScript({ path: fileURLToPath(new URL('./page-probe.js', import.meta.url)) });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    const session = await page.context().newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.goto(url);
    await page.waitForTimeout(seconds * 1000);
    return await page.evaluate(() => (window as unknown as { scanFigures: PageFigures }).scanFigures);
  } finally {
    await browser.close();
  }
}

function summarise(label: string, figures: PageFigures) {
  const ready = figures.readyAt !== null && figures.liveAt !== null ? figures.readyAt - figures.liveAt - cardEntersMs : NaN;
  return {
    run: label,
    long_tasks: figures.longTasks.length,
    longest_task_ms: figures.longTasks.length ? Math.max(...figures.longTasks) : 0,
    frame_interval_p50_ms: quantile(figures.frameIntervals, 0.5),
    frame_interval_p95_ms: quantile(figures.frameIntervals, 0.95),
    detections_per_s: figures.detections / seconds,
    card_enters_to_ready_ms: ready,
  };
}

const work = mkdtempSync(join(tmpdir(), 'card-lens-scan-bench-'));
try {
  const cards = await prepareScanCatalogue(work);
  const video = await writeFakeCameraVideo({ cardImage: cards.inCatalog.imageFile, out: join(work, 'camera.y4m'), cardHeightRatio: 0.7, fps: 30, holdSeconds: 10 });
  const product = await startProduct(work);
  try {
    const rows = [summarise('unthrottled', await measure(product.url, video, 1)), summarise('cpu 4x slower', await measure(product.url, video, 4))];
    console.table(rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'number' ? Number(value.toFixed(1)) : value]))));
    mkdirSync(values.out!, { recursive: true });
    writeFileSync(join(values.out!, 'scan.json'), `${JSON.stringify({ seconds, rows }, null, 2)}\n`);
    console.log(`Written ${join(values.out!, 'scan.json')}. Long tasks count only after the model loaded; 'ready' is measured from the moment the card starts to enter the picture (it takes 1 s to slide in).`);
  } finally {
    product.stop();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
