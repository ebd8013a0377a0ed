import { describe, expect, test } from 'vitest';
import { computeLetterbox, inputToSource, sourceToInput, validateInputSize } from '../../../engine/preprocess/letterbox-geometry.ts';
import { letterboxToTensor } from '../../../engine/preprocess/letterbox-to-tensor.ts';
import { createTensorBufferPool } from '../../../engine/preprocess/tensor-buffer-pool.ts';
import { fillRect, solidImage } from '../../support/synthetic-image.ts';

describe('geometry', () => {
  test('landscape 1280x720 into 640: full width, bars above and below', () => {
    expect(computeLetterbox(1280, 720, 640)).toMatchObject({ contentWidth: 640, contentHeight: 360, padX: 0, padY: 140, scaleX: 0.5, scaleY: 0.5 });
  });
  test('portrait 720x1280 into 640: full height, bars left and right', () => {
    expect(computeLetterbox(720, 1280, 640)).toMatchObject({ contentWidth: 360, contentHeight: 640, padX: 140, padY: 0 });
  });
  test('square 500x500 into 640: scaled up, no bars', () => {
    expect(computeLetterbox(500, 500, 640)).toMatchObject({ contentWidth: 640, contentHeight: 640, padX: 0, padY: 0, scaleX: 1.28 });
  });
});

describe('box round trip: source -> input -> source', () => {
  test.each([
    ['landscape', 1280, 720, 640],
    ['portrait', 720, 1280, 640],
    ['square', 500, 500, 640],
    ['odd landscape', 1001, 333, 416],
    ['frame-shaped portrait', 590, 843, 1024],
    ['tiny square', 97, 97, 320],
  ])('%s %ix%i at %i', (_name, width, height, size) => {
    const g = computeLetterbox(width, height, size);
    const box = { x: width * 0.1, y: height * 0.2, w: width * 0.6, h: height * 0.5 };
    const inInput = sourceToInput(box, g);
    expect(inInput.x).toBeGreaterThanOrEqual(g.padX);
    expect(inInput.y).toBeGreaterThanOrEqual(g.padY);
    expect(inInput.x + inInput.w).toBeLessThanOrEqual(g.padX + g.contentWidth + 1e-9);
    const back = inputToSource(inInput, g);
    for (const key of ['x', 'y', 'w', 'h'] as const) expect(back[key]).toBeCloseTo(box[key], 9);
  });
  test('parts of a box on the bars are cut off in source pixels', () => {
    const g = computeLetterbox(1280, 720, 640);
    expect(inputToSource({ x: -10, y: 100, w: 100, h: 100 }, g)).toEqual({ x: 0, y: 0, w: 180, h: 120 });
  });
});

describe('tensor', () => {
  test('RGB planes in 0..1 at the letterbox offset, black bars', () => {
    const image = fillRect(solidImage(1280, 720, [255, 0, 51]), 0, 0, 2, 720, [0, 255, 0]);
    const pool = createTensorBufferPool();
    const { tensor, geometry } = letterboxToTensor(image.data, image.width, image.height, 640, pool);
    expect(tensor.dims).toEqual([1, 3, 640, 640]);
    const plane = 640 * 640;
    const at = (c: number, x: number, y: number) => tensor.data[c * plane + y * 640 + x]!;
    const midY = geometry.padY + 180;
    expect([at(0, 320, midY), at(1, 320, midY), at(2, 320, midY)].map((v) => +v.toFixed(3))).toEqual([1, 0, 0.2]);
    expect(at(1, 0, midY)).toBeGreaterThan(0.4);
    expect([at(0, 320, 0), at(0, 320, geometry.padY - 1), at(0, 320, geometry.padY + 360)]).toEqual([0, 0, 0]);
  });
  test('one buffer per input size, reused; bars cleared when the source shape changes', () => {
    const pool = createTensorBufferPool();
    const landscape = solidImage(1280, 720, [255, 255, 255]);
    const portrait = solidImage(720, 1280, [255, 255, 255]);
    const first = letterboxToTensor(landscape.data, 1280, 720, 640, pool).tensor;
    const second = letterboxToTensor(portrait.data, 720, 1280, 640, pool).tensor;
    expect(second).toBe(first);
    expect(pool.allocations).toBe(1);
    // Pixel (10, 320) was white content in the landscape frame and is a bar in the portrait one.
    expect(second.data[320 * 640 + 10]).toBe(0);
    letterboxToTensor(landscape.data, 1280, 720, 320, pool);
    expect(pool.allocations).toBe(2);
  });
  test('input size must be a multiple of 32 from 320 to 1024', () => {
    expect([320, 640, 1024].map(validateInputSize)).toEqual([null, null, null]);
    expect([288, 650, 1056, 640.5].map((s) => validateInputSize(s) !== null)).toEqual([true, true, true, true]);
  });
});
