// npm run bench:engine -- [--frames 200] [--warmup 30] [--input-size 640] [--model /models/x.onnx]
// Runs the scanner engine's real path (worker, canvas readback, onnxruntime-web wasm on one thread)
// in Debian's Chromium on 1280x720 frames and prints per-stage medians and p90.
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';
import { STAGES, type BenchReport, type BenchRequest } from './engine-bench-protocol.ts';
import { percentile } from './stats.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const OVERHEAD_TARGET_MS = 3;

const { values } = parseArgs({
  options: {
    frames: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '30' },
    'input-size': { type: 'string', default: '640' },
    model: { type: 'string' },
  },
});

const shippedModel = existsSync(`${root}public/models/card-detector.onnx`);
const request: BenchRequest = {
  modelUrl: values.model ?? (shippedModel ? '/models/card-detector.onnx' : '/fixtures/models/test-card-detector.onnx'),
  inputSize: Number(values['input-size']),
  sourceWidth: 1280,
  sourceHeight: 720,
  warmupFrames: Number(values.warmup),
  frames: Number(values.frames),
};

const executablePath = findChromium();
if (!executablePath) {
  console.error("bench:engine needs Debian's Chromium (apt-get install chromium) or CHROMIUM_PATH.");
  process.exit(1);
}

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
  const report: BenchReport = await page.evaluate(
    (req) => (globalThis as unknown as { runEngineBench(r: BenchRequest): Promise<BenchReport> }).runEngineBench(req),
    request,
  );
  print(report);
} finally {
  await browser.close();
  await server.close();
}

function print(report: BenchReport): void {
  console.log(`engine benchmark: ${request.sourceWidth}x${request.sourceHeight} frames -> ${request.inputSize} input, ${request.frames} frames after ${request.warmupFrames} warm-up`);
  console.log(`model: ${request.modelUrl}${shippedModel || values.model ? '' : ' (fixture stand-in; public/models/card-detector.onnx not present)'}`);
  console.log(`mode: ${report.mode}${report.backend ? `, backend ${report.backend}, 1 thread` : ''}${report.reason ? ` (${report.reason})` : ''}`);
  console.log(`accepted frames: ${report.acceptedFrames}/${request.frames}`);
  // Shared machines skew every figure; the load says how much to trust them.
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const rows: Array<[string, number[]]> = [...STAGES.map((s): [string, number[]] => [s, report.stages[s]]), ['round trip (UI)', report.roundTrip]];
  console.log(`\n${'stage'.padEnd(18)}${'median ms'.padStart(11)}${'p90 ms'.padStart(9)}`);
  for (const [name, samples] of rows) {
    console.log(`${name.padEnd(18)}${percentile(samples, 50).toFixed(2).padStart(11)}${percentile(samples, 90).toFixed(2).padStart(9)}`);
  }
  const overhead = percentile(report.stages.overhead, 50);
  console.log(`\nengine overhead (everything but inference): median ${overhead.toFixed(2)} ms, target <= ${OVERHEAD_TARGET_MS} ms: ${overhead <= OVERHEAD_TARGET_MS ? 'met' : 'NOT met'}`);
}
