import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Detection } from '../../../engine/api.ts';
import { outputToDetections } from '../../../engine/postprocess/output-to-detections.ts';
import { letterboxToTensor } from '../../../engine/preprocess/letterbox-to-tensor.ts';
import { createTensorBufferPool } from '../../../engine/preprocess/tensor-buffer-pool.ts';
import { createModelSession, type ModelSession } from '../../../engine/runtime/ort-session.ts';
import { presetSettings } from '../../../engine/settings/engine-settings.ts';
import { nodeWasmPaths } from '../../../engine-tests/support/node-runtime.ts';
import { cardDetectorModel } from '../locate/card-detector.ts';
import { loadModelSession } from './model-file-session.ts';

// Real phone photos of real cards (the shared detector data set, CC BY 4.0).
const photos = fileURLToPath(new URL('../../../../shared/datasets/pokemon-card-outliner-train/images/', import.meta.url));
const photoFiles = ['temp_image_jpg.rf.996dfe058ced7912dc89cf0def9074ff.jpg', 'test_jpg.rf.46fa158dde528520f413127c55a4730f.jpg'].map((name) => `${photos}${name}`);

async function boxesIn(session: ModelSession, file: string, inputSize: number): Promise<Detection[]> {
  const { data, info } = await sharp(file).rotate().resize(800, 800, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { tensor, geometry } = letterboxToTensor(new Uint8Array(data), info.width, info.height, inputSize, createTensorBufferPool());
  const outcome = await session.run(tensor.data, tensor.dims);
  if (!outcome.ok) throw new Error(outcome.error);
  // Boxes down to 0.1: the page route looks at boxes that weak.
  return outputToDetections(outcome.output.data, outcome.output.dims, geometry, { ...presetSettings('scanner'), confThreshold: 0.1 }).sort((a, b) => b.conf - a.conf);
}

describe("the server's model runtime", () => {
  it("finds the cards the scanner's WebAssembly runtime finds, at every input size", async () => {
    expect(existsSync(photoFiles[0]!), `the shared data set beside the repository (${photos})`).toBe(true);
    const native = await loadModelSession(cardDetectorModel);
    const wasm = await createModelSession(new Uint8Array(readFileSync(cardDetectorModel)), { wasmPaths: nodeWasmPaths });
    for (const file of photoFiles) {
      for (const inputSize of [640, 480, 416, 320]) {
        const [server, scanner] = [await boxesIn(native, file, inputSize), await boxesIn(wasm, file, inputSize)];
        expect(scanner.length).toBeGreaterThan(0);
        expect(server).toHaveLength(scanner.length);
        server.forEach((box, i) => {
          const other = scanner[i]!;
          expect(box.conf).toBeCloseTo(other.conf, 3);
          for (const key of ['x', 'y', 'w', 'h'] as const) expect(Math.abs(box[key] - other[key])).toBeLessThan(0.5);
        });
      }
    }
    await Promise.all([native.release(), wasm.release()]);
  });
});
