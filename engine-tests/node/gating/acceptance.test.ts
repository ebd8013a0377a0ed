import { describe, expect, test } from 'vitest';
import type { Detection } from '../../../engine/api.ts';
import { acceptBest, DEFAULT_ACCEPTANCE, judgeDetection, validateAcceptanceOptions } from '../../../engine/gating/acceptance.ts';

const frame = { width: 1000, height: 1000 };

/** A box of the given size centred at (cx, cy). */
function box(w: number, h: number, conf: number, cx = 500, cy = 500): Detection {
  return { x: cx - w / 2, y: cy - h / 2, w, h, conf, cls: 0 };
}

describe('area must exceed 22% of the frame', () => {
  test('exactly 22% is rejected', () => {
    expect(judgeDetection(box(440, 500, 0.9), frame)).toEqual({ accepted: false, reasons: ['area'] });
  });
  test('just above 22% is accepted', () => {
    expect(judgeDetection(box(441, 500, 0.9), frame).accepted).toBe(true);
  });
  test('just below 22% is rejected', () => {
    expect(judgeDetection(box(439, 500, 0.9), frame).reasons).toEqual(['area']);
  });
});

describe('width/height must be within 0.25 of 0.716 (0.466 to 0.966)', () => {
  test.each([
    [0.466, true],
    [0.465, false],
    [0.716, true],
    [0.966, true],
    [0.967, false],
  ])('aspect %f accepted: %s', (aspect, accepted) => {
    const verdict = judgeDetection(box(aspect * 800, 800, 0.9), frame);
    expect(verdict.accepted).toBe(accepted);
    if (!accepted) expect(verdict.reasons).toEqual(['aspect']);
  });
});

describe('confidence split at 0.6', () => {
  const offCentre = (conf: number) => box(400, 560, conf, 50, 500);
  test('at 0.6 the centre rule is waived', () => {
    expect(judgeDetection(offCentre(0.6), frame).accepted).toBe(true);
  });
  test('just below 0.6 an off-centre box is rejected for its centre', () => {
    expect(judgeDetection(offCentre(0.5999), frame)).toEqual({ accepted: false, reasons: ['centre'] });
  });
  test('a confident box still needs area and aspect', () => {
    expect(judgeDetection(box(100, 140, 0.99), frame).reasons).toEqual(['area']);
    expect(judgeDetection(box(900, 500, 0.99), frame).reasons).toEqual(['aspect']);
  });
});

describe('below 0.6 the centre must lie within 10%-90% on both axes', () => {
  test.each([
    ['left edge', 100, 500, true],
    ['left of it', 99, 500, false],
    ['right edge', 900, 500, true],
    ['right of it', 901, 500, false],
    ['top edge', 500, 100, true],
    ['above it', 500, 99, false],
    ['bottom edge', 500, 900, true],
    ['below it', 500, 901, false],
  ])('%s (%i, %i) accepted: %s', (_name, cx, cy, accepted) => {
    expect(judgeDetection(box(400, 560, 0.4, cx, cy), frame).accepted).toBe(accepted);
  });
  test('the rule works in fractions of a non-square frame', () => {
    const wide = { width: 2000, height: 1000 };
    expect(judgeDetection({ x: 200 - 300, y: 200, w: 600, h: 800, conf: 0.3, cls: 0 }, wide).accepted).toBe(true);
    expect(judgeDetection({ x: 198 - 300, y: 200, w: 600, h: 800, conf: 0.3, cls: 0 }, wide).reasons).toEqual(['centre']);
  });
});

describe('only the most confident detection is judged', () => {
  test('a passing runner-up does not rescue a failing best', () => {
    const result = acceptBest([box(400, 560, 0.5), box(100, 100, 0.9)], frame);
    expect(result.best).toBe(1);
    expect(result.accepted).toBe(false);
    expect(result.verdicts[0]).toEqual({ accepted: false, reasons: ['confidence'] });
    expect(result.verdicts[1]!.reasons).toEqual(['area', 'aspect']);
  });
  test('a passing best is accepted whatever comes after it', () => {
    const result = acceptBest([box(100, 100, 0.3), box(500, 700, 0.8)], frame);
    expect(result).toMatchObject({ accepted: true, best: 1 });
  });
  test('no detections: nothing accepted', () => {
    expect(acceptBest([], frame)).toEqual({ accepted: false, best: -1, verdicts: [] });
  });
});

test('defaults are the spec values and validate', () => {
  expect(DEFAULT_ACCEPTANCE).toEqual({ confidenceSplit: 0.6, minAreaFraction: 0.22, targetAspect: 0.716, aspectTolerance: 0.25, centreMin: 0.1, centreMax: 0.9 });
  expect(validateAcceptanceOptions(DEFAULT_ACCEPTANCE)).toEqual([]);
  expect(validateAcceptanceOptions({ ...DEFAULT_ACCEPTANCE, minAreaFraction: 1.5, centreMin: 0.95 })).toHaveLength(2);
});
