import type { Browser, Page } from 'playwright-core';

/** What page-probe.js marks when the page hears of the engine's first result: long tasks count from there. */
export const firstResultMark = 'card-lens:first-result';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { src_file?: string; src_func?: string };
}

/**
 * The page's long tasks by its main thread's own CPU time, where a phone's are by the clock.
 *
 * Chromium's CPU throttling interrupts the page's main thread every 200 µs and, in a signal handler,
 * spins by the clock for (rate - 1) times as long as the clock ran since the last spin (Blink's
 * thread_cpu_throttler.cc): an idle page at rate 6 keeps 92% of a core busy. On a machine of two
 * cores the main thread then waits for a core behind the engine's worker, the camera and the
 * compositor, and a task of a few milliseconds' work can last 50 ms by the clock. Its CPU time on
 * the thread (Chromium's trace of it, `tdur`) leaves the waiting out, but the spin after a wait
 * still grows with it. So a phone's task is also measured a second way: the page left unthrottled,
 * with the engine's worker slowed as the phone's, and each task's CPU time multiplied by the
 * slowdown (`scale`): the page's own work, as a core that many times slower would do it.
 */
export async function traceMainThreadCpu(browser: Browser, page: Page, scale: number): Promise<() => Promise<CpuLongTask[] | null>> {
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
  return async () => {
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    return longTasksByCpu(traceEvents, scale);
  };
}

export interface CpuLongTask {
  /** When it started, ms after the first result. */
  afterFirstResultMs: number;
  /** Its CPU time on the thread, times the scale. */
  cpuMs: number;
  /** Its length by the clock. */
  ms: number;
  /**
   * Where Chromium posted it from (file and function). PartitionAlloc's `OnBackgrounded` is the
   * browser's one-off memory reclaim, 10 s after it started the page's renderer in the background.
   */
  postedFrom: string;
}

/**
 * Each task over 50 ms of CPU time times `scale` on the thread that marked the first result, from
 * that mark on; null without a mark or thread times.
 */
export function longTasksByCpu(events: TraceEvent[], scale = 1): CpuLongTask[] | null {
  const mark = events.find((event) => event.name === firstResultMark && event.cat.includes('blink.user_timing'));
  if (!mark) return null;
  const tasks = events
    .filter((event) => event.name === 'ThreadControllerImpl::RunTask' && event.ph === 'X' && event.pid === mark.pid && event.tid === mark.tid && event.ts >= mark.ts)
    .sort((a, b) => a.ts - b.ts);
  if (tasks.some((task) => task.tdur === undefined)) return null;
  const long: CpuLongTask[] = [];
  let end = -Infinity;
  for (const task of tasks) {
    // A task run inside another (a nested run loop) is part of the outer one.
    if (task.ts < end) continue;
    end = task.ts + (task.dur ?? 0);
    const cpuMs = (task.tdur! / 1000) * scale;
    if (cpuMs > 50) {
      const postedFrom = `${task.args?.src_file ?? '?'}:${task.args?.src_func ?? '?'}`;
      long.push({ afterFirstResultMs: Math.round((task.ts - mark.ts) / 1000), cpuMs: Math.round(cpuMs), ms: Math.round((task.dur ?? 0) / 1000), postedFrom });
    }
  }
  return long;
}
