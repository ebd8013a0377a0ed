import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** onnxruntime-web's wasm files straight from node_modules, for running the runtime in Node. */
export const nodeWasmPaths = pathToFileURL(`${root}node_modules/onnxruntime-web/dist/`).href;

export function readFixtureModel(): Uint8Array {
  return new Uint8Array(readFileSync(`${root}fixtures/models/test-card-detector.onnx`));
}
