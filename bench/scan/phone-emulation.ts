import type { Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { fakeCameraArgs, launchChromium } from '../../e2e/browser-session.ts';
import { DEFAULT_SIZE_ADAPTATION } from '../../engine/adapt/size-controller.ts';
import { measureEngine } from '../engine/measure-engine.ts';
import { traceMainThreadCpu, type CpuLongTask } from './main-thread-cpu.ts';
import type { EngineSettingsPatch } from '../../engine/api.ts';
import { storedEngineSettingsKey } from '../../src/lib/stored-engine-settings.ts';

/**
 * A phone `slowdown` times slower than this machine. Chromium throttles the page's CPU at that
 * rate, but it hardly slows the page's workers, and by a different amount from run to run: the
 * engine worker is slowed by the engine itself instead (its `emulatedPhone` setting), which holds
 * each frame until it took `slowdown` times this machine's own time for that work at that input
 * size (`referenceMs`: reading the frame and inference, measured unthrottled at each size, on a
 * page that does nothing else).
 */
export interface PhoneEmulation {
  slowdown: number;
  /** Chromium's CPU throttling rate for the page. */
  rate: number;
  /** How many times the main thread's CPU time a task takes stands for the phone's: 1 where Chromium throttles the page, the slowdown where it does not (main-thread-cpu.ts). */
  cpuScale: number;
  /** What the app's engine starts with (src/lib/stored-engine-settings.ts). */
  engine: EngineSettingsPatch;
}

/** What page-probe.js records on the Scan screen. */
export interface PageFigures {
  longTasks: number[];
  /** When each long task started (page time, ms). */
  longTaskAt: number[];
  /** Frames over 50 ms and what they spent it on: each script's entry point and time, then style, layout and paint. */
  longFrames: LongFrame[];
  detections: number;
  /** Each analysed frame's inference time, the worker's work on it (reading the frame and inference), and the model input size it ran at. */
  inferenceMs: number[];
  workMs: number[];
  inputSizes: number[];
  /** The first and the last analysed frame's result on the page (ms). */
  modelLoadedAt: number | null;
  lastDetectionAt: number | null;
  liveAt: number | null;
  readyAt: number | null;
  /** The page's main thread from the first result to the end, ms a second: all its tasks, and the scripts among them. */
  taskMsPerS: number;
  scriptMsPerS: number;
  /** The tasks over 50 ms of the main thread's CPU time, each with when it started and its length by the clock (main-thread-cpu.ts); null when the trace could not tell. */
  longTasksByCpu: CpuLongTask[] | null;
}

export interface LongFrame {
  at: number;
  ms: number;
  blockingMs: number;
  renderMs: number;
  styleAndLayoutMs: number;
  scripts: { invoker: string; fn: string; source: string; ms: number; forcedLayoutMs: number }[];
}

const asIs: PhoneEmulation = { slowdown: 1, rate: 1, cpuScale: 1, engine: {} };

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * Detections a second while the engine runs: from the first result to the last. The page's and the
 * model's loading before the first (seconds on a slow phone) are not a rate of detection.
 */
export function detectionRate(figures: PageFigures): number {
  const { detections, modelLoadedAt, lastDetectionAt } = figures;
  if (detections < 2 || modelLoadedAt === null || lastDetectionAt === null || lastDetectionAt <= modelLoadedAt) return 0;
  return ((detections - 1) * 1000) / (lastDetectionAt - modelLoadedAt);
}

/** Applies the emulation to a page before it loads the app: the CPU rate and the engine's settings kept in the browser. */
export async function applyPhoneEmulation(page: Page, phone: PhoneEmulation): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: phone.rate });
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [storedEngineSettingsKey, JSON.stringify(phone.engine)] as const);
}

/** The Scan screen under the fake camera for `seconds`, as this phone runs it. */
export async function runScanPage(url: string, video: string, phone: PhoneEmulation, seconds: number): Promise<PageFigures> {
  const browser = await launchChromium(fakeCameraArgs(video));
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2 });
    await page.addInitScript({ path: fileURLToPath(new URL('./page-probe.js', import.meta.url)) });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await applyPhoneEmulation(page, phone);
    const session = await page.context().newCDPSession(page);
    await session.send('Performance.enable');
    const mainThread = async () => {
      const { metrics } = await session.send('Performance.getMetrics');
      const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? NaN;
      return { at: performance.now(), task: metric('TaskDuration'), script: metric('ScriptDuration') };
    };
    const stopTrace = await traceMainThreadCpu(browser, page, phone.cpuScale);
    const openedAt = performance.now();
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { scanFigures: PageFigures }).scanFigures.modelLoadedAt !== null, undefined, { timeout: seconds * 1000, polling: 50 }).catch(() => undefined);
    const from = await mainThread();
    await page.waitForTimeout(Math.max(1000, seconds * 1000 - (from.at - openedAt)));
    const to = await mainThread();
    const figures = await page.evaluate(() => (window as unknown as { scanFigures: PageFigures }).scanFigures);
    const longTasksByCpu = await stopTrace();
    // Chromium's metrics are seconds of thread time since the page opened.
    const perSecond = (threadSeconds: number) => (threadSeconds * 1e6) / (to.at - from.at);
    return { ...figures, taskMsPerS: perSecond(to.task - from.task), scriptMsPerS: perSecond(to.script - from.script), longTasksByCpu };
  } finally {
    await browser.close();
  }
}

/**
 * This machine's median work on a frame (reading it and inference) at each input size the engine may
 * choose, on the engine benchmark's page (bench/engine/measure-engine.ts). Measured on the Scan screen
 * instead, it took this machine's own rendering of the camera's video with it: on a 2-core machine
 * whose cores slow each other, 4 to 10 times the engine's time alone, varying from run to run, and
 * the phone emulated on top of it was that much slower than asked (docs/phones.md).
 */
export async function referenceTimes(): Promise<Record<number, number>> {
  const sizes = DEFAULT_SIZE_ADAPTATION.sizes;
  const reports = await measureEngine(sizes.map((inputSize) => ({ modelUrl: '/models/card-detector.onnx', inputSize, sourceWidth: 1280, sourceHeight: 720, warmupFrames: 30, frames: 80 })));
  return Object.fromEntries(sizes.map((size, k) => [size, quantile(reports[k]!.stages.letterbox.map((ms, i) => ms + reports[k]!.stages.inference[i]!), 0.5)]));
}

/** `page: 'unthrottled'` slows only the engine's worker and counts the page's tasks by their CPU time times the slowdown. */
export function phoneSlowerBy(slowdown: number, referenceMs: Record<number, number>, page: 'throttled' | 'unthrottled' = 'throttled'): PhoneEmulation {
  if (slowdown === 1) return asIs;
  const engine = { emulatedPhone: { slowdown, referenceMs } };
  return page === 'throttled' ? { slowdown, rate: slowdown, cpuScale: 1, engine } : { slowdown, rate: 1, cpuScale: slowdown, engine };
}

/** How much slower than this machine the run's work on a frame was: its median against the reference at each frame's size. */
export function slowdownReached(figures: PageFigures, referenceMs: Record<number, number>): number {
  return quantile(figures.workMs.map((ms, i) => ms / referenceMs[figures.inputSizes[i]!]!), 0.5);
}
