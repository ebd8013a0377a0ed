import { describe, expect, it } from 'vitest';
import { firstResultMark, longTasksByCpu } from './main-thread-cpu.ts';

const main = { pid: 7, tid: 1 };
const task = (ts: number, durMs: number, cpuMs: number | undefined, thread = main) => ({ name: 'ThreadControllerImpl::RunTask', cat: 'toplevel', ph: 'X', ts, dur: durMs * 1000, ...(cpuMs === undefined ? {} : { tdur: cpuMs * 1000 }), ...thread });
const mark = { name: firstResultMark, cat: 'blink.user_timing', ph: 'R', ts: 1_000_000, ...main };

describe('long tasks by the main thread CPU time', () => {
  it('counts the tasks that ran over 50 ms, not those that only waited for a core', () => {
    const events = [mark, task(1_100_000, 130, 20), task(1_300_000, 90, 62), task(1_500_000, 40, 40)];
    expect(longTasksByCpu(events)).toEqual([{ afterFirstResultMs: 300, cpuMs: 62, ms: 90, postedFrom: '?:?' }]);
  });

  it('counts from the first result on, on the thread that marked it, and a nested task once', () => {
    const events = [task(500_000, 80, 80), mark, task(1_100_000, 80, 70, { pid: 7, tid: 2 }), task(1_200_000, 100, 90), task(1_250_000, 30, 30)];
    expect(longTasksByCpu(events)?.map((long) => long.cpuMs)).toEqual([90]);
  });

  it('counts a task as long when its CPU time times the slowdown is over 50 ms', () => {
    const reclaim = { ...task(1_100_000, 9, 9), args: { src_file: 'base/allocator/partition_alloc_support.cc', src_func: 'OnBackgrounded' } };
    const events = [mark, reclaim, task(1_200_000, 8, 8)];
    expect(longTasksByCpu(events, 6)).toEqual([{ afterFirstResultMs: 100, cpuMs: 54, ms: 9, postedFrom: 'base/allocator/partition_alloc_support.cc:OnBackgrounded' }]);
    expect(longTasksByCpu(events)).toEqual([]);
  });

  it('cannot tell without the mark or without thread times', () => {
    expect(longTasksByCpu([task(1_100_000, 80, 80)])).toBeNull();
    expect(longTasksByCpu([mark, task(1_100_000, 80, undefined)])).toBeNull();
  });
});
