import { describe, expect, test } from 'vitest';
import { frameInVideo, frameInView } from './frame-region.ts';

describe('card frame', () => {
  test('is 82% of the view width, card-shaped (0.7) and centred', () => {
    const frame = frameInView({ width: 500, height: 800 });
    expect(frame.width).toBeCloseTo(410);
    expect(frame.width / frame.height).toBeCloseTo(0.7);
    expect(frame.x).toBeCloseTo(45);
    expect(frame.y + frame.height / 2).toBeCloseTo(400);
  });

  test('maps to the matching part of a landscape video shown with object-fit cover', () => {
    // 1280x720 video in a 480x640 view: scaled by 640/720, the sides are cut off.
    const region = frameInVideo({ width: 1280, height: 720 }, { width: 480, height: 640 })!;
    const scale = 640 / 720;
    expect(region.width).toBeCloseTo((480 * 0.82) / scale, -0.5);
    expect(region.height).toBeCloseTo((480 * 0.82) / 0.7 / scale, -1);
    expect(region.x + region.width / 2).toBeCloseTo(640, 0);
    expect(region.y + region.height / 2).toBeCloseTo(360, 0);
  });

  test('maps one to one when the video has the size of the view', () => {
    expect(frameInVideo({ width: 600, height: 900 }, { width: 600, height: 900 })).toEqual({ x: 54, y: 99, width: 492, height: 702 });
  });

  test('is clamped to the video and null before the video has a size', () => {
    const region = frameInVideo({ width: 640, height: 480 }, { width: 800, height: 300 })!;
    expect(region.y).toBe(0);
    expect(region.y + region.height).toBeLessThanOrEqual(480);
    expect(frameInVideo({ width: 0, height: 0 }, { width: 480, height: 640 })).toBeNull();
  });
});
