import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { FrameResult } from '../../../engine/api.ts';
import fixtureModelUrl from '../../../fixtures/models/test-card-detector.onnx?url';
import { filmingCanvas } from '../../test-support/filming-canvas.ts';
import { clientSettings } from '../client-settings.ts';
import { createEngineClient, type EngineClient } from '../engine-client.ts';
import { startFramePump } from './frame-pump.ts';

/** A camera filming a bright card on a dark table. */
async function filmingCamera(): Promise<{ video: HTMLVideoElement; stop: () => void }> {
  const { stream, stop } = filmingCanvas({ x: 110, y: 150, w: 500, h: 700 });
  const video = document.createElement('video');
  video.muted = true;
  video.srcObject = stream;
  await video.play();
  return { video, stop };
}

let engine: EngineClient;
beforeAll(async () => {
  engine = createEngineClient();
  await engine.init({ modelUrl: fixtureModelUrl, inputSize: 640 });
});
afterAll(() => engine.dispose());

/** Runs the pump on a slow phone until `count` frames came back; when each was taken and done. */
async function pumpFrames(count: number, changeSizeAfter: number) {
  // 150 ms a frame whatever this machine's own time: a slow phone.
  await engine.updateSettings({ inputSize: 640, emulatedPhone: { slowdown: 15, referenceMs: { 640: 10, 320: 10 } } });
  const camera = await filmingCamera();
  const frames: Array<{ takenAt: number; doneAt: number; result: FrameResult }> = [];
  const stop = startFramePump({
    video: camera.video,
    region: () => ({ x: 0, y: 0, width: 720, height: 1000 }),
    maxSide: 640,
    detect: async (frame, takenAt) => {
      const result = await engine.detect(frame, { timestampMs: takenAt });
      frames.push({ takenAt, doneAt: performance.now(), result });
      // Not waited for, as the Debug page's size control: the pump holds no frame back meanwhile.
      if (frames.length === changeSizeAfter) void engine.updateSettings({ inputSize: 320 });
      return result;
    },
    onResult: () => undefined,
    paused: () => false,
  });
  try {
    await expect.poll(() => frames.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  } finally {
    stop();
    camera.stop();
  }
  // The worker never waits for the UI thread: each frame was sent while the worker still worked on
  // an earlier one, as many as may be in flight.
  const ahead = clientSettings.framesInFlight.value - 1;
  for (let k = ahead; k < frames.length; k++) expect(frames[k]!.takenAt).toBeLessThan(frames[k - ahead]!.doneAt);
  return frames;
}

test('camera frames are read from the track and go to the worker as they are, the card found in the region', async () => {
  const asked = vi.spyOn(HTMLVideoElement.prototype, 'requestVideoFrameCallback');
  try {
    const frames = await pumpFrames(6, 3);
    // The page is not made to render for every video frame.
    expect(asked).not.toHaveBeenCalled();
    expectCardFound(frames);
  } finally {
    asked.mockRestore();
  }
});

test("where the track cannot be read, the video's frames go to the worker as they are", async () => {
  vi.stubGlobal('MediaStreamTrackProcessor', undefined);
  try {
    expectCardFound(await pumpFrames(6, 3));
  } finally {
    vi.unstubAllGlobals();
  }
});

function expectCardFound(frames: Awaited<ReturnType<typeof pumpFrames>>) {
  expect(frames[0]!.result).toMatchObject({ inputSize: 640, frame: { width: 720, height: 1000 }, accepted: true });
  const last = frames.at(-1)!.result;
  expect(last).toMatchObject({ inputSize: 320, frame: { width: 720, height: 1000 }, accepted: true });
  const card = last.detections[last.best]!;
  expect(Math.abs(card.x - 110)).toBeLessThan(25);
  expect(Math.abs(card.y + card.h - 850)).toBeLessThan(25);
}

test('without VideoFrame the region is cut into a bitmap at the size the engine runs at', async () => {
  vi.stubGlobal('VideoFrame', undefined);
  try {
    // The pump hears of the new size with the first result at it; frames in flight meanwhile were cut at the old.
    const frames = await pumpFrames(8, 3);
    expect(frames[0]!.result.frame).toEqual({ width: 461, height: 640 });
    expect(frames.at(-1)!.result).toMatchObject({ inputSize: 320, frame: { width: 230, height: 320 }, accepted: true });
  } finally {
    vi.unstubAllGlobals();
  }
});

test('a browser whose VideoFrames cannot reach the worker goes on with bitmaps', async () => {
  // A VideoFrame the browser cannot hand over: structured clone refuses an object with methods.
  vi.stubGlobal('VideoFrame', class { close() {} });
  vi.stubGlobal('MediaStreamTrackProcessor', undefined);
  try {
    const frames = await pumpFrames(4, 100);
    expect(frames.at(-1)!.result).toMatchObject({ inputSize: 640, frame: { width: 461, height: 640 }, accepted: true });
  } finally {
    vi.unstubAllGlobals();
  }
});
