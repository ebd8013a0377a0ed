import { createEngineClient } from '../../../src/lib/engine-client.ts';
import type { BenchReport, BenchRequest, Stage } from '../engine-bench-protocol.ts';

/** A camera frame with a card in it, so decode, NMS and the gate see the work of a real scan. */
function drawFrame(width: number, height: number): OffscreenCanvas {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#1e2023';
  context.fillRect(0, 0, width, height);
  const cardHeight = Math.round(height * 0.8);
  const cardWidth = Math.round(cardHeight * 0.716);
  context.fillStyle = '#e1d7be';
  context.fillRect(Math.round((width - cardWidth) / 2), Math.round((height - cardHeight) / 2), cardWidth, cardHeight);
  return canvas;
}

async function runEngineBench(request: BenchRequest): Promise<BenchReport> {
  const engine = createEngineClient();
  try {
    const status = await engine.init({ modelUrl: request.modelUrl, inputSize: request.inputSize });
    const source = drawFrame(request.sourceWidth, request.sourceHeight);
    const stages: Record<Stage, number[]> = { letterbox: [], inference: [], postprocess: [], gating: [], total: [], overhead: [] };
    const roundTrip: number[] = [];
    let acceptedFrames = 0;
    for (let i = 0; i < request.warmupFrames + request.frames; i++) {
      const bitmap = await createImageBitmap(source);
      const started = performance.now();
      const result = await engine.detect(bitmap);
      const elapsed = performance.now() - started;
      if (i < request.warmupFrames) continue;
      roundTrip.push(elapsed);
      if (result.accepted) acceptedFrames++;
      for (const stage of Object.keys(stages) as Stage[]) stages[stage].push(result.timings[stage]);
    }
    return { mode: status.mode, reason: status.reason?.message ?? null, backend: status.model?.backend ?? null, stages, roundTrip, acceptedFrames };
  } finally {
    await engine.dispose();
  }
}

Object.assign(globalThis, { runEngineBench });
