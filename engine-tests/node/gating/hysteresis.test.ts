import { describe, expect, test } from 'vitest';
import { createHysteresis, DEFAULT_HYSTERESIS, validateHysteresisOptions, type Hysteresis } from '../../../engine/gating/hysteresis.ts';

/** Feeds frames as [accepted, timeMs] pairs and returns the detected flag after each. */
function run(h: Hysteresis, frames: Array<[boolean, number]>): boolean[] {
  return frames.map(([accepted, at]) => h.update(accepted, at).detected);
}

describe('card detected turns on', () => {
  test('on the third consecutive accepted frame', () => {
    expect(run(createHysteresis(), [[true, 0], [true, 33], [true, 66]])).toEqual([false, false, true]);
  });
  test('a miss in between restarts the count', () => {
    expect(run(createHysteresis(), [[true, 0], [true, 33], [false, 66], [true, 99], [true, 132], [true, 165]])).toEqual([false, false, false, false, false, true]);
  });
  test('slow frames still count as consecutive (a low-end phone may take 300 ms per frame)', () => {
    expect(run(createHysteresis(), [[true, 0], [true, 300], [true, 600]])).toEqual([false, false, true]);
  });
});

describe('card detected turns off', () => {
  const detectedAt = (t: number) => {
    const h = createHysteresis();
    run(h, [[true, t - 66], [true, t - 33], [true, t]]);
    return h;
  };
  test('on the second consecutive miss', () => {
    expect(run(detectedAt(0), [[false, 33], [false, 66]])).toEqual([true, false]);
  });
  test('one miss between hits keeps it on', () => {
    expect(run(detectedAt(0), [[false, 33], [true, 66], [false, 99], [true, 132]])).toEqual([true, true, true, true]);
  });
  test('on a single miss 180 ms or more after the last accepted frame', () => {
    expect(run(detectedAt(0), [[false, 180]])).toEqual([false]);
  });
  test('a single miss 179 ms after the last accepted frame keeps it on', () => {
    expect(run(detectedAt(0), [[false, 179]])).toEqual([true]);
  });
  test('each accepted frame restarts the 180 ms window', () => {
    expect(run(detectedAt(1000), [[false, 1100], [true, 1150], [false, 1329]])).toEqual([true, true, true]);
    expect(run(detectedAt(1000), [[false, 1100], [true, 1150], [false, 1330]])).toEqual([true, true, false]);
  });
});

test('counters are exposed and reset clears them', () => {
  const h = createHysteresis();
  h.update(true, 10);
  h.update(true, 20);
  expect(h.update(false, 30)).toEqual({ detected: false, hits: 0, misses: 1, lastHitMs: 20 });
  expect(h.reset()).toEqual({ detected: false, hits: 0, misses: 0, lastHitMs: null });
  expect(h.state.detected).toBe(false);
});

test('options: spec defaults, custom values, validation', () => {
  expect(DEFAULT_HYSTERESIS).toEqual({ hitsToDetect: 3, missesToLose: 2, maxGapMs: 180 });
  expect(run(createHysteresis({ hitsToDetect: 1, missesToLose: 1, maxGapMs: 1000 }), [[true, 0], [false, 10]])).toEqual([true, false]);
  expect(validateHysteresisOptions({ hitsToDetect: 0, missesToLose: 1.5, maxGapMs: -1 })).toHaveLength(3);
  expect(() => createHysteresis({ hitsToDetect: 0, missesToLose: 2, maxGapMs: 180 })).toThrow(/hitsToDetect/);
});
