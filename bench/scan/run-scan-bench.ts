// `npm run bench:scan`: drives the Scan screen of the running product in Chromium with a fake camera
// showing a card, and reports UI-thread long tasks (by the clock, and by the thread's own CPU time:
// main-thread-cpu.ts), detections per second and time to 'ready', as is and with the CPU throttled
// 4x and 6x, workers included (a low-end phone). Then a phone on a
// slow 4G link (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, CPU 4x slower) opens the app twice:
// the bytes it downloads before the engine's first detection, by kind, and the time it takes; and
// what the catalogue screens download (no runtime, no model).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../../server/test-support/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Page, Request } from 'playwright-core';
import { fakeCameraArgs, launchChromium } from '../../e2e/browser-session.ts';
import { prepareScanCatalogue } from '../../e2e/scan-catalogue.ts';
import { writeFakeCameraVideo } from '../../fixtures/camera/fake-camera-video.ts';
import { runContinuousBench } from './continuous-bench.ts';
import { detectionRate, phoneSlowerBy, quantile, referenceTimes, runScanPage, slowdownReached, type PageFigures, type PhoneEmulation } from './phone-emulation.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '20' }, out: { type: 'string', default: 'bench/out/scan' }, continuous: { type: 'boolean', default: false }, slowdown: { type: 'string' }, repeat: { type: 'string', default: '1' } } });
const seconds = Number(values.seconds);
/**
 * The video shows an empty table for 6 s, then the card slides into the frame over 1 s and stays
 * (the camera loops it). It runs at 30 frames per second so the camera is not what limits detections.
 * The table is empty long enough for the model to load first (about 3 s after the camera went live
 * on 2 cores, throttled or not): 'ready' measures the scanner, not the loading.
 */
const cardEntersMs = 6000;

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


/** Chromium's emulation of a slow 4G phone link, as the design card's low-end phone sees it. */
const slow4g = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) };
const phoneCpuSlowdown = 4;

type Kind = 'document' | 'js' | 'runtime' | 'model' | 'other';
function kindOf(url: string, resourceType: string): Kind {
  const path = new URL(url).pathname;
  if (path.startsWith('/ort/')) return 'runtime';
  if (path.startsWith('/models/')) return 'model';
  if (resourceType === 'document') return 'document';
  if (/\.(?:js|mjs|css)$/.test(path)) return 'js';
  return 'other';
}

interface Transfer {
  /** When the request started and finished, in ms after the navigation. */
  from: number;
  at: number;
  kind: Kind;
  bytes: number;
  path: string;
}

/** Bytes each finished request took on the wire (headers and encoded body); 0 when the service worker answered. */
function recordTransfers(page: Page, startedAt: () => number): Transfer[] {
  const transfers: Transfer[] = [];
  const onFinished = (request: Request) => {
    const at = Date.now() - startedAt();
    const from = Math.round(request.timing().startTime - startedAt());
    void (async () => {
      const response = await request.response();
      const kind = kindOf(request.url(), request.resourceType());
      const path = new URL(request.url()).pathname;
      if (!response || response.fromServiceWorker()) return transfers.push({ from, at, kind, bytes: 0, path });
      const sizes = await request.sizes();
      transfers.push({ from, at, kind, bytes: sizes.responseBodySize + sizes.responseHeadersSize, path });
    })().catch(() => undefined);
  };
  page.context().on('requestfinished', onFinished);
  return transfers;
}

interface LoadFigures {
  visit: string;
  to_first_detection_ms: number;
  bytes_before_first_detection: number;
  document: number;
  js: number;
  runtime: number;
  model: number;
  other: number;
  runtime_and_model_requests_from_network: number;
}

async function firstDetectionAt(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { scanFigures: { modelLoadedAt: number | null } }).scanFigures.modelLoadedAt !== null, undefined, { timeout: 120_000, polling: 100 });
  return page.evaluate(() => (window as unknown as { scanFigures: { modelLoadedAt: number } }).scanFigures.modelLoadedAt);
}

function loadFigures(visit: string, transfers: Transfer[], detectedAt: number): LoadFigures {
  const before = transfers.filter((transfer) => transfer.at <= detectedAt);
  const sum = (kind?: Kind) => before.filter((transfer) => kind === undefined || transfer.kind === kind).reduce((total, transfer) => total + transfer.bytes, 0);
  return {
    visit,
    to_first_detection_ms: detectedAt,
    bytes_before_first_detection: sum(),
    document: sum('document'),
    js: sum('js'),
    runtime: sum('runtime'),
    model: sum('model'),
    other: sum('other'),
    runtime_and_model_requests_from_network: before.filter((transfer) => (transfer.kind === 'runtime' || transfer.kind === 'model') && transfer.bytes > 0).length,
  };
}

/** A first visit and a second one (HTTP cache and service worker kept) on a slow 4G link, CPU 4x slower. */
async function measurePhoneLoads(url: string, video: string): Promise<{ loads: LoadFigures[]; firstVisitTimeline: Transfer[]; catalogue: { bytes: number; runtime_or_model_requests: string[] } }> {
  const browser = await launchChromium(fakeCameraArgs(video));
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2 });
    await context.addInitScript({ path: fileURLToPath(new URL('./page-probe.js', import.meta.url)) });
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', slow4g);
    await session.send('Emulation.setCPUThrottlingRate', { rate: phoneCpuSlowdown });
    let navigatedAt = 0;
    const transfers = recordTransfers(page, () => navigatedAt);

    navigatedAt = Date.now();
    await page.goto(url);
    const cold = loadFigures('first visit', transfers, await firstDetectionAt(page));
    const coldTimeline = transfers.filter((transfer) => transfer.at <= cold.to_first_detection_ms).sort((a, b) => a.from - b.from);
    // The service worker installs once the page has loaded; a second visit is one made after that.
    await page.evaluate(async () => {
      const worker = (await navigator.serviceWorker.ready).active!;
      if (worker.state !== 'activated') await new Promise((done) => worker.addEventListener('statechange', () => worker.state === 'activated' && done(null)));
    });
    await page.goto('about:blank');
    transfers.length = 0;
    navigatedAt = Date.now();
    await page.goto(url);
    const warm = loadFigures('second visit', transfers, await firstDetectionAt(page));

    const catalogueContext = await browser.newContext({ viewport: { width: 412, height: 915 } });
    const cataloguePage = await catalogueContext.newPage();
    const catalogueTransfers = recordTransfers(cataloguePage, () => 0);
    for (const screen of ['/cards', '/sets']) {
      await cataloguePage.goto(`${url}${screen}`, { waitUntil: 'networkidle' });
    }
    return {
      loads: [cold, warm],
      firstVisitTimeline: coldTimeline,
      catalogue: {
        bytes: catalogueTransfers.reduce((total, transfer) => total + transfer.bytes, 0),
        runtime_or_model_requests: catalogueTransfers.filter((transfer) => transfer.kind === 'runtime' || transfer.kind === 'model').map((transfer) => transfer.path),
      },
    };
  } finally {
    await browser.close();
  }
}

function summarise(label: string, phone: PhoneEmulation, figures: PageFigures, referenceMs: Record<number, number>) {
  // None when the model was not yet running as the card entered: that run measured the loading.
  const enteredAt = figures.liveAt === null ? null : figures.liveAt + cardEntersMs;
  const ready = figures.readyAt !== null && enteredAt !== null && figures.modelLoadedAt !== null && figures.modelLoadedAt <= enteredAt ? figures.readyAt - enteredAt : NaN;
  // The size the engine settled on: the one most of the last second's frames ran at.
  const lastSecond = figures.inputSizes.slice(-Math.max(1, Math.round(detectionRate(figures))));
  const settled = [...new Set(lastSecond)].sort((a, b) => lastSecond.filter((size) => size === b).length - lastSecond.filter((size) => size === a).length)[0] ?? NaN;
  return {
    run: label,
    page_rate: phone.rate,
    // The check that the phone is that much slower: its inference against this machine's at each size.
    slowdown_reached: slowdownReached(figures, referenceMs),
    input_size: settled,
    inference_p50_ms: quantile(figures.inferenceMs, 0.5),
    ui_task_ms_per_s: figures.taskMsPerS,
    ui_script_ms_per_s: figures.scriptMsPerS,
    long_tasks: figures.longTasks.length,
    longest_task_ms: figures.longTasks.length ? Math.max(...figures.longTasks) : 0,
    // The same by the main thread's own CPU time, as a phone's core of its own would take them; in the
    // 'page work x6' run, the unthrottled page's CPU time times 6 (main-thread-cpu.ts).
    long_tasks_by_cpu: figures.longTasksByCpu?.length ?? NaN,
    longest_task_cpu_ms: figures.longTasksByCpu ? Math.max(0, ...figures.longTasksByCpu.map((task) => task.cpuMs)) : NaN,
    detections_per_s: detectionRate(figures),
    card_enters_to_ready_ms: ready,
  };
}

/**
 * A phone 4 and 6 times slower than this machine, workers included (phone-emulation.ts). The last
 * run is the 6x phone again with the page unthrottled: its long tasks by CPU time are the page's own
 * work times 6, without what Chromium's throttling adds on this machine (main-thread-cpu.ts).
 */
const cpuRuns = [
  ['unthrottled', 1, 'throttled'],
  ['cpu 4x slower', 4, 'throttled'],
  ['cpu 6x slower', 6, 'throttled'],
  ['cpu 6x slower, page work x6', 6, 'unthrottled'],
] as const;

// --slowdown 6 --repeat 5: only the two CPU 6x slower runs, five times each, and no slow-4G visits:
// counts such as the long tasks vary from run to run.
const repeat = Number(values.repeat);
const pickedRuns = values.slowdown === undefined || values.continuous ? cpuRuns : cpuRuns.filter(([, slowdown]) => slowdown === Number(values.slowdown));
if (pickedRuns.length === 0 || !(repeat >= 1)) throw new Error(`--slowdown must be one of ${[...new Set(cpuRuns.map(([, slowdown]) => slowdown))].join(', ')} and --repeat a count`);

const work = mkdtempSync(join(tmpdir(), 'card-lens-scan-bench-'));
if (values.continuous) {
  // --continuous: 30 cards one after another with the scan session on (continuous-bench.ts);
  // --slowdown 4 runs only the CPU 4x slower run.
  try {
    await runContinuousBench({ work, out: values.out!, cpuRuns: cpuRuns.filter(([, slowdown, page]) => page === 'throttled' && (values.slowdown === undefined ? slowdown !== 6 : slowdown === Number(values.slowdown))).map(([label, slowdown]) => [label, slowdown] as const) });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  process.exit(0);
}
try {
  const cards = await prepareScanCatalogue(work);
  const video = await writeFakeCameraVideo({ cardImage: cards.inCatalog.imageFile, out: join(work, 'camera.y4m'), cardHeightRatio: 0.7, fps: 30, emptySeconds: cardEntersMs / 1000, holdSeconds: 12 });
  const product = await startProduct(work);
  try {
    const referenceMs = await referenceTimes();
    const chosen = pickedRuns.flatMap((run) => Array.from({ length: repeat }, () => run));
    const phones = chosen.map(([, slowdown, page]) => phoneSlowerBy(slowdown, referenceMs, page));
    const runs: PageFigures[] = [];
    for (const phone of phones) runs.push(await runScanPage(product.url, video, phone, seconds));
    const rows = chosen.map(([label], k) => summarise(label, phones[k]!, runs[k]!, referenceMs));
    console.table(rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'number' ? Number(value.toFixed(1)) : value]))));
    const phone = values.slowdown === undefined ? await measurePhoneLoads(product.url, video) : null;
    if (phone) {
      console.table(phone.loads);
      console.table(phone.firstVisitTimeline);
      console.log(`Catalogue screens (/cards, /sets) on a first visit: ${phone.catalogue.bytes} bytes; runtime or model requests: ${JSON.stringify(phone.catalogue.runtime_or_model_requests)}`);
    }
    mkdirSync(values.out!, { recursive: true });
    // When each long task started, ms after the camera went live: which part of a visit it belongs to; and
    // the long frames' scripts and rendering, what each one was made of.
    const longTasks = runs.map((run, k) => ({ run: chosen[k]![0], afterLiveMs: run.longTaskAt.map((at) => Math.round(at - (run.liveAt ?? 0))), ms: run.longTasks, byCpu: run.longTasksByCpu?.map(({ afterFirstResultMs, ...task }) => ({ afterLiveMs: Math.round(afterFirstResultMs + (run.modelLoadedAt ?? 0) - (run.liveAt ?? 0)), ...task })), frames: run.longFrames.map((frame) => ({ ...frame, at: Math.round(frame.at - (run.liveAt ?? 0)) })) }));
    writeFileSync(join(values.out!, 'scan.json'), `${JSON.stringify({ seconds, referenceMs, rows, longTasks, phone }, null, 2)}\n`);
    console.log(`Written ${join(values.out!, 'scan.json')}. Long tasks count only after the model loaded; 'ready' is measured from the moment the card starts to enter the picture (it takes 1 s to slide in), and is NaN when the model loaded after that.`);
  } finally {
    product.stop();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
