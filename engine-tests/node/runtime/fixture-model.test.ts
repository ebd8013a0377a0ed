import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { acceptBest } from '../../../engine/gating/acceptance.ts';
import { outputToDetections } from '../../../engine/postprocess/output-to-detections.ts';
import { letterboxToTensor } from '../../../engine/preprocess/letterbox-to-tensor.ts';
import { createTensorBufferPool } from '../../../engine/preprocess/tensor-buffer-pool.ts';
import { createModelSession, type ModelSession } from '../../../engine/runtime/ort-session.ts';
import { cardOnTable, solidImage, type RgbaImage } from '../../support/synthetic-image.ts';
import { nodeWasmPaths, readFixtureModel } from '../../support/node-runtime.ts';

let session: ModelSession;
const pool = createTensorBufferPool();

beforeAll(async () => {
  session = await createModelSession(readFixtureModel(), { wasmPaths: nodeWasmPaths });
});
afterAll(() => session.release());

async function detect(image: RgbaImage, inputSize = 640) {
  const { tensor, geometry } = letterboxToTensor(image.data, image.width, image.height, inputSize, pool);
  const outcome = await session.run(tensor.data, tensor.dims);
  if (!outcome.ok) throw new Error(outcome.error);
  const detections = outputToDetections(outcome.output.data, outcome.output.dims, geometry, { confThreshold: 0.22, iouThreshold: 0.5, maxDetections: 20 });
  return { dims: outcome.output.dims, detections };
}

test('the fixture model describes its input and output like a YOLO export', () => {
  expect(session.inputs).toEqual([{ name: 'images', shape: [1, 3, 'height', 'width'], type: 'float32' }]);
  expect(session.outputs).toEqual([{ name: 'output0', shape: [1, 5, 'anchors'], type: 'float32' }]);
});

test('a card held in the frame is found where it is and accepted', async () => {
  const card = { x: 110, y: 150, w: 500, h: 700 };
  const { dims, detections } = await detect(cardOnTable(720, 1000, card));
  expect(dims).toEqual([1, 5, 8400]);
  expect(detections).toHaveLength(1);
  const [found] = detections;
  // The stand-in model works on 8-pixel cells of a 640 input: about 12 source pixels here.
  expect(Math.abs(found!.x - card.x)).toBeLessThan(13);
  expect(Math.abs(found!.y - card.y)).toBeLessThan(13);
  expect(Math.abs(found!.w - card.w)).toBeLessThan(25);
  expect(Math.abs(found!.h - card.h)).toBeLessThan(25);
  expect(found!.conf).toBeGreaterThan(0.9);
  expect(acceptBest(detections, { width: 720, height: 1000 }).accepted).toBe(true);
});

test('any multiple of 32 works as the input size', async () => {
  for (const size of [320, 416, 1024]) {
    const { detections } = await detect(cardOnTable(720, 1000, { x: 110, y: 150, w: 500, h: 700 }), size);
    expect(detections).toHaveLength(1);
  }
});

test('an empty table gives no detection', async () => {
  expect((await detect(solidImage(1280, 720, [30, 32, 35]))).detections).toEqual([]);
});

test('a small card far from the frame is found but not accepted', async () => {
  const { detections } = await detect(cardOnTable(720, 1000, { x: 20, y: 20, w: 150, h: 210 }));
  expect(detections).toHaveLength(1);
  expect(acceptBest(detections, { width: 720, height: 1000 }).verdicts[0]!.reasons).toContain('area');
});

test('a failed run is reported as an outcome, not thrown, and later runs still work', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const outcome = await session.run(new Float32Array(3 * 64 * 64), [3, 64, 64]);
  expect(outcome.ok).toBe(false);
  expect(warn).toHaveBeenCalledOnce();
  warn.mockRestore();
  expect((await detect(cardOnTable(720, 1000, { x: 110, y: 150, w: 500, h: 700 }))).detections).toHaveLength(1);
});

test('runs submitted together are executed one after another', async () => {
  const image = cardOnTable(720, 1000, { x: 110, y: 150, w: 500, h: 700 });
  const { tensor } = letterboxToTensor(image.data, image.width, image.height, 640, createTensorBufferPool());
  const outcomes = await Promise.all([1, 2, 3].map(() => session.run(tensor.data, tensor.dims)));
  expect(outcomes.every((o) => o.ok)).toBe(true);
});
