// Times models with onnxruntime-web (wasm, one thread) side by side: the runs alternate between the
// models so that load from other processes hits them alike. Usage:
//   node training/speed.mjs <size> <runs> <model.onnx> [<other.onnx> ...]
import * as ort from 'onnxruntime-web';

const [sizeArg, runsArg, ...models] = process.argv.slice(2);
const size = Number(sizeArg);
const runs = Number(runsArg);
ort.env.wasm.numThreads = 1;
const sessions = [];
for (const m of models) sessions.push(await ort.InferenceSession.create(m, { executionProviders: ['wasm'] }));
const input = new ort.Tensor('float32', new Float32Array(3 * size * size).fill(0.5), [1, 3, size, size]);
const times = sessions.map(() => []);
for (let r = -3; r < runs; r++) {
  for (const [i, s] of sessions.entries()) {
    const start = performance.now();
    await s.run({ [s.inputNames[0]]: input });
    if (r >= 0) times[i].push(performance.now() - start);
  }
}
const q = (t, p) => [...t].sort((a, b) => a - b)[Math.min(t.length - 1, Math.floor(t.length * p))];
const rows = models.map((m, i) => ({ model: m, size, runs, p50_ms: +q(times[i], 0.5).toFixed(1), p90_ms: +q(times[i], 0.9).toFixed(1), min_ms: +Math.min(...times[i]).toFixed(1) }));
console.log(JSON.stringify(rows, null, 1));
