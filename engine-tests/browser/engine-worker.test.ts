import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { LoadProgress } from '../../engine/api.ts';
import { createEngineClient, type EngineClient } from '../../src/lib/engine-client.ts';
import fixtureModelUrl from '../../fixtures/models/test-card-detector.onnx?url';

const TABLE = '#1e2023';
const CARD = '#e1d7be';

/** A camera frame of the card-frame region: a bright card on a dark table. */
async function frame(width: number, height: number, card?: { x: number; y: number; w: number; h: number }): Promise<ImageBitmap> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = TABLE;
  context.fillRect(0, 0, width, height);
  if (card) {
    context.fillStyle = CARD;
    context.fillRect(card.x, card.y, card.w, card.h);
  }
  return createImageBitmap(canvas);
}

const held = { x: 110, y: 150, w: 500, h: 700 };

const shippedSettings = { confThreshold: 0.22, inputSize: 640, emulatedPhone: null } as const;

// Each test starts from the same engine state (settings as shipped, hysteresis empty), so any one
// of them can run alone or in any order.
describe('with the fixture model', () => {
  let engine: EngineClient;
  let loaded: Awaited<ReturnType<EngineClient['init']>>;
  const progress: LoadProgress[] = [];

  beforeAll(async () => {
    engine = createEngineClient();
    loaded = await engine.init({ modelUrl: fixtureModelUrl }, (p) => progress.push(p));
  });
  beforeEach(async () => {
    await engine.updateSettings(shippedSettings);
    await engine.reset();
  });
  afterAll(() => engine.dispose());

  test('loads through the worker with download progress and runs on the wasm backend', () => {
    expect(loaded).toMatchObject({ mode: 'model', reason: null, model: { backend: 'wasm', url: fixtureModelUrl } });
    expect(loaded.model!.outputs[0]).toMatchObject({ name: 'output0', shape: [1, 5, 'anchors'] });
    expect(progress.at(-1)).toEqual({ loaded: loaded.model!.bytes, total: loaded.model!.bytes });
  });

  test('a frame is handed over (not copied) and the card is found in source pixels', async () => {
    const bitmap = await frame(720, 1000, held);
    const result = await engine.detect(bitmap);
    expect(bitmap.width).toBe(0);
    expect(result).toMatchObject({ mode: 'model', frame: { width: 720, height: 1000 }, accepted: true, best: 0, error: null });
    const [card] = result.detections;
    expect(Math.abs(card!.x - held.x)).toBeLessThan(15);
    expect(Math.abs(card!.y - held.y)).toBeLessThan(15);
    expect(Math.abs(card!.x + card!.w - (held.x + held.w))).toBeLessThan(15);
    expect(Math.abs(card!.y + card!.h - (held.y + held.h))).toBeLessThan(15);
    expect(card!.conf).toBeGreaterThan(0.9);
    expect(result.timings.inference).toBeGreaterThan(0);
    expect(result.timings.overhead).toBeCloseTo(result.timings.total - result.timings.inference, 6);
  });

  test('"card detected" needs three accepted frames in a row and goes after two misses', async () => {
    const states: boolean[] = [];
    let t = 0;
    for (const card of [held, held, held, undefined, undefined]) {
      states.push((await engine.detect(await frame(720, 1000, card), { timestampMs: (t += 33) })).detected);
    }
    expect(states).toEqual([false, false, true, true, false]);
  });

  test('settings reach the running engine without a reload', async () => {
    const strict = await engine.updateSettings({ confThreshold: 0.99 });
    expect(strict.model).not.toBeNull();
    expect((await engine.detect(await frame(720, 1000, held))).detections).toEqual([]);
    await engine.updateSettings({ confThreshold: 0.22, inputSize: 320 });
    expect((await engine.detect(await frame(720, 1000, held))).accepted).toBe(true);
  });

  test('a phone emulated 20 times slower makes the engine choose a smaller input size', async () => {
    // 200 ms a frame at 640, whatever this machine's own time: under the 8 a second the engine keeps to.
    await engine.updateSettings({ inputSize: 640, adaptiveSize: true, emulatedPhone: { slowdown: 20, referenceMs: { 640: 10 } } });
    const sizes: number[] = [];
    for (let i = 0; i < 14; i++) sizes.push((await engine.detect(await frame(720, 1000, held))).inputSize);
    expect(sizes[0]).toBe(640);
    expect(sizes.at(-1)).toBeLessThan(640);
  });

  test('invalid settings are refused with the field named', async () => {
    await expect(engine.updateSettings({ inputSize: 500 })).rejects.toThrow(/inputSize/);
  });

  test('capture crops the region and encodes a JPEG of that size', async () => {
    const bitmap = await frame(720, 1000, held);
    const blob = await engine.capture(bitmap, { x: 100, y: 140, width: 520, height: 720 });
    expect(bitmap.width).toBe(0);
    expect(blob.type).toBe('image/jpeg');
    expect([...new Uint8Array(await blob.slice(0, 3).arrayBuffer())]).toEqual([0xff, 0xd8, 0xff]);
    const decoded = await createImageBitmap(blob);
    expect([decoded.width, decoded.height]).toEqual([520, 720]);
    decoded.close();
  });
});

describe('without a model', () => {
  let engine: EngineClient;
  let loaded: Awaited<ReturnType<EngineClient['init']>>;
  beforeAll(async () => {
    engine = createEngineClient();
    loaded = await engine.init({ modelUrl: '/models/no-such-detector.onnx' });
  });
  afterAll(() => engine.dispose());

  test('a model address that 404s gives basic mode with the reason', () => {
    expect(loaded.mode).toBe('basic');
    expect(loaded.model).toBeNull();
    expect(loaded.reason).toMatchObject({ code: 'http-error', message: expect.stringContaining('404') });
  });

  test('the basic detector still finds a card that fills the frame', async () => {
    await engine.reset();
    const result = await engine.detect(await frame(560, 800, { x: 28, y: 35, w: 504, h: 730 }));
    expect(result).toMatchObject({ mode: 'basic', accepted: true, error: null });
    expect(result.fallback!.cornersPassing).toBeGreaterThanOrEqual(3);
    expect((await engine.detect(await frame(560, 800))).accepted).toBe(false);
  });
});
