import { describe, expect, test } from 'vitest';
import type { Detection } from '../../../engine/api.ts';
import { decodeYolo, inferLayout } from '../../../engine/postprocess/decode-yolo.ts';
import { iou } from '../../../engine/postprocess/iou.ts';
import { nms } from '../../../engine/postprocess/nms.ts';

/** Anchors as [cx, cy, w, h, ...scores], laid out [1, 4+C, N]. */
function channelsFirst(anchors: number[][]): { data: Float32Array; dims: number[] } {
  const channels = anchors[0]!.length;
  const data = new Float32Array(channels * anchors.length);
  anchors.forEach((values, a) => values.forEach((v, c) => (data[c * anchors.length + a] = v)));
  return { data, dims: [1, channels, anchors.length] };
}

/** The same anchors laid out [1, N, 4+C]. */
function anchorsFirst(anchors: number[][]): { data: Float32Array; dims: number[] } {
  return { data: Float32Array.from(anchors.flat()), dims: [1, anchors.length, anchors[0]!.length] };
}

const anchors = [
  [100, 100, 40, 60, 0.9],
  [320, 320, 200, 280, 0.21],
  [320, 320, 200, 280, 0.22],
  [50, 50, 0, 10, 0.99],
  [600, 600, 20, 20, 0.5],
  [10, 20, 30, 40, 0.05],
  [400, 300, 100, 100, 0.3],
];

const expected: Detection[] = [
  { x: 80, y: 70, w: 40, h: 60, conf: expect.closeTo(0.9, 6) as unknown as number, cls: 0 },
  { x: 220, y: 180, w: 200, h: 280, conf: expect.closeTo(0.22, 6) as unknown as number, cls: 0 },
  { x: 590, y: 590, w: 20, h: 20, conf: expect.closeTo(0.5, 6) as unknown as number, cls: 0 },
  { x: 350, y: 250, w: 100, h: 100, conf: expect.closeTo(0.3, 6) as unknown as number, cls: 0 },
];

describe('decode', () => {
  test('[1, 4+C, N]: centre boxes become top-left boxes; threshold is inclusive; empty boxes dropped', () => {
    const { data, dims } = channelsFirst(anchors);
    expect(decodeYolo(data, dims, { confThreshold: 0.22 })).toEqual(expected);
  });
  test('[1, N, 4+C] gives the same detections', () => {
    const { data, dims } = anchorsFirst(anchors);
    expect(inferLayout(dims)).toBe('anchors-first');
    expect(decodeYolo(data, dims, { confThreshold: 0.22 })).toEqual(expected);
  });
  test('several classes: the best class wins', () => {
    const { data, dims } = channelsFirst([
      [100, 100, 50, 50, 0.1, 0.7, 0.3],
      [200, 200, 50, 50, 0.1, 0.1, 0.15],
      [300, 300, 50, 50, 0.8, 0.2, 0.1],
      [400, 400, 50, 50, 0.1, 0.2, 0.9],
      [500, 500, 50, 50, 0.1, 0.2, 0.3],
      [600, 600, 50, 50, 0.1, 0.2, 0.4],
      [700, 700, 50, 50, 0.1, 0.2, 0.5],
      [800, 800, 50, 50, 0.1, 0.2, 0.6],
    ]);
    expect(decodeYolo(data, dims, { confThreshold: 0.5 }).map((d) => [d.x, d.cls])).toEqual([
      [75, 1],
      [275, 0],
      [375, 2],
      [675, 2],
      [775, 2],
    ]);
  });
  test('a 4-D or too-narrow output is refused', () => {
    expect(() => decodeYolo(new Float32Array(8), [1, 1, 2, 4], { confThreshold: 0.2 })).toThrow(/expected/);
    expect(() => decodeYolo(new Float32Array(40), [1, 4, 10], { confThreshold: 0.2 })).toThrow(/at least 5/);
  });
});

describe('IoU and NMS', () => {
  const d = (x: number, y: number, w: number, h: number, conf: number, cls = 0): Detection => ({ x, y, w, h, conf, cls });

  test('IoU of known boxes', () => {
    expect(iou(d(0, 0, 10, 10, 1), d(0, 0, 10, 10, 1))).toBe(1);
    expect(iou(d(0, 0, 10, 10, 1), d(5, 0, 10, 10, 1))).toBeCloseTo(50 / 150, 12);
    expect(iou(d(0, 0, 10, 10, 1), d(10, 0, 10, 10, 1))).toBe(0);
  });

  test('suppresses overlaps above the threshold, keeps the rest, most confident first', () => {
    const a = d(0, 0, 100, 100, 0.9);
    const overlapping = d(10, 0, 100, 100, 0.8); // IoU 0.818
    const touching = d(40, 0, 100, 100, 0.7); // IoU with a: 0.4286
    const apart = d(500, 500, 50, 50, 0.95);
    expect(nms([overlapping, a, touching, apart], { iouThreshold: 0.5, maxDetections: 10 })).toEqual([apart, a, touching]);
    expect(nms([overlapping, a, touching, apart], { iouThreshold: 0.45, maxDetections: 10 })).toEqual([apart, a, touching]);
    expect(nms([overlapping, a, touching, apart], { iouThreshold: 0.4, maxDetections: 10 })).toEqual([apart, a]);
  });

  test('IoU exactly at the threshold is kept (only larger overlaps suppress)', () => {
    const a = d(0, 0, 10, 10, 0.9);
    const b = d(0, 0, 10, 5, 0.8); // IoU 0.5
    expect(nms([a, b], { iouThreshold: 0.5, maxDetections: 10 })).toEqual([a, b]);
  });

  test('boxes of different classes do not suppress each other unless class-agnostic', () => {
    const a = d(0, 0, 100, 100, 0.9, 0);
    const b = d(0, 0, 100, 100, 0.8, 1);
    expect(nms([a, b], { iouThreshold: 0.5, maxDetections: 10 })).toEqual([a, b]);
    expect(nms([a, b], { iouThreshold: 0.5, maxDetections: 10, classAgnostic: true })).toEqual([a]);
  });

  test('keeps at most maxDetections', () => {
    const many = Array.from({ length: 10 }, (_, i) => d(i * 200, 0, 100, 100, i / 10));
    expect(nms(many, { iouThreshold: 0.5, maxDetections: 3 }).map((x) => x.conf)).toEqual([0.9, 0.8, 0.7]);
  });
});
