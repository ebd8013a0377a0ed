// Runs the exported model with onnxruntime-web (wasm, one thread), as the engine does, over a batch of
// input tensors written by the Python evaluation: <in.bin> holds count x [1,3,size,size] float32.
// Writes count x [5, N] float32 to <out.bin>; prints the per-run times in milliseconds as JSON.
import { readFileSync, writeFileSync } from 'node:fs';
import * as ort from 'onnxruntime-web';

const [modelPath, inPath, outPath, sizeArg] = process.argv.slice(2);
const size = Number(sizeArg);
ort.env.wasm.numThreads = 1;
const session = await ort.InferenceSession.create(modelPath, { executionProviders: ['wasm'] });
const raw = readFileSync(inPath);
const all = new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
const per = 3 * size * size;
const count = all.length / per;
const outputs = [];
const times = [];
for (let i = 0; i < count; i++) {
  const input = new ort.Tensor('float32', all.slice(i * per, (i + 1) * per), [1, 3, size, size]);
  const start = performance.now();
  const result = await session.run({ [session.inputNames[0]]: input });
  times.push(performance.now() - start);
  outputs.push(result[session.outputNames[0]].data);
}
const total = outputs.reduce((n, o) => n + o.length, 0);
const joined = new Float32Array(total);
let offset = 0;
for (const o of outputs) {
  joined.set(o, offset);
  offset += o.length;
}
writeFileSync(outPath, Buffer.from(joined.buffer));
console.log(JSON.stringify(times));
