import { describe, expect, test } from 'vitest';
import { createSizeController, DEFAULT_SIZE_ADAPTATION, validateSizeAdaptation } from '../../../engine/adapt/size-controller.ts';

/** A device whose frames take `msAt640` at 640 px and scale with the input's area, as inference does. */
const device = (msAt640: number) => (size: number) => msAt640 * (size / 640) ** 2;

/** Runs `frames` frames on a device that may change (thermal throttling); answers the size of each frame. */
function run(frames: number, frameMs: (size: number, frame: number) => number, initial = 640) {
  const controller = createSizeController(DEFAULT_SIZE_ADAPTATION, initial);
  const sizes: number[] = [];
  for (let frame = 0; frame < frames; frame++) {
    sizes.push(controller.size);
    controller.observe(frameMs(controller.size, frame));
  }
  return sizes;
}

const changes = (sizes: number[]) => sizes.filter((size, i) => i > 0 && size !== sizes[i - 1]).length;
const rate = (ms: number) => 1000 / ms;

describe('input size chosen from frame times', () => {
  test('a slow phone steps down, in one step, to the largest size that keeps 8 detections a second', () => {
    const slow = device(300);
    const sizes = run(60, (size) => slow(size));
    expect(sizes.at(-1)).toBe(320);
    expect(rate(slow(320))).toBeGreaterThanOrEqual(DEFAULT_SIZE_ADAPTATION.targetRate);
    expect(changes(sizes)).toBe(1);
  });

  test('a fast device starting small steps up while the next size keeps well within the rate', () => {
    const fast = device(60);
    const sizes = run(120, (size) => fast(size), 320);
    expect(sizes.at(-1)).toBe(640);
  });

  test('a device at the edge of the rate does not flap between two sizes', () => {
    // 130 ms at 640 is just too slow; 480 then takes 73 ms, and 640 is not expected to fit again.
    const edge = device(130);
    const sizes = run(400, (size, frame) => edge(size) * (frame % 2 ? 1.05 : 0.95));
    expect(sizes.at(-1)).toBe(480);
    expect(changes(sizes)).toBe(1);
  });

  test('a phone that heats up and is throttled steps down, and back up when it cools', () => {
    const cool = device(70);
    const sizes = run(300, (size, frame) => cool(size) * (frame >= 100 && frame < 200 ? 3 : 1));
    expect(sizes[99]).toBe(640);
    expect(sizes[199]).toBeLessThan(640);
    expect(rate(cool(sizes[199]!) * 3)).toBeGreaterThanOrEqual(DEFAULT_SIZE_ADAPTATION.targetRate);
    expect(sizes.at(-1)).toBe(640);
  });

  test('the first frames at a new size are not counted', () => {
    const controller = createSizeController({ ...DEFAULT_SIZE_ADAPTATION, warmupFrames: 3, windowFrames: 2 }, 640);
    for (const ms of [900, 900, 900, 40, 40]) controller.observe(ms);
    expect(controller.size).toBe(640);
  });

  test('settings that cannot work are named', () => {
    expect(validateSizeAdaptation(DEFAULT_SIZE_ADAPTATION)).toEqual([]);
    expect(validateSizeAdaptation({ ...DEFAULT_SIZE_ADAPTATION, sizes: [640, 320], targetRate: 0, stepUpShare: 2 })).toEqual([
      'sizes must grow, got 640, 320',
      'targetRate must be a number of detections a second > 0, got 0',
      'stepUpShare must be within 0..1, got 2',
    ]);
  });
});
