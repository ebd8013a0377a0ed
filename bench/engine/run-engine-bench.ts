// npm run bench:engine -- [--frames 200] [--warmup 30] [--input-size 640] [--model /models/x.onnx]
// Runs the scanner engine's real path (worker, canvas readback, onnxruntime-web wasm on one thread)
// in Debian's Chromium on 1280x720 frames and prints per-stage medians and p90.
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { STAGES, type BenchReport, type BenchRequest } from './engine-bench-protocol.ts';
import { measureEngine } from './measure-engine.ts';
import { percentile } from './stats.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const OVERHEAD_TARGET_MS = 3;

const { values } = parseArgs({
  options: {
    frames: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '30' },
    'input-size': { type: 'string', default: '640' },
    model: { type: 'string' },
  },
});

const shippedModel = existsSync(`${root}public/models/card-detector.onnx`);
const request: BenchRequest = {
  modelUrl: values.model ?? (shippedModel ? '/models/card-detector.onnx' : '/fixtures/models/test-card-detector.onnx'),
  inputSize: Number(values['input-size']),
  sourceWidth: 1280,
  sourceHeight: 720,
  warmupFrames: Number(values.warmup),
  frames: Number(values.frames),
};

print((await measureEngine([request]))[0]!);

function print(report: BenchReport): void {
  console.log(`engine benchmark: ${request.sourceWidth}x${request.sourceHeight} frames -> ${request.inputSize} input, ${request.frames} frames after ${request.warmupFrames} warm-up`);
  console.log(`model: ${request.modelUrl}${shippedModel || values.model ? '' : ' (fixture stand-in; public/models/card-detector.onnx not present)'}`);
  console.log(`mode: ${report.mode}${report.backend ? `, backend ${report.backend}, 1 thread` : ''}${report.reason ? ` (${report.reason})` : ''}`);
  console.log(`accepted frames: ${report.acceptedFrames}/${request.frames}`);
  // Shared machines skew every figure; the load says how much to trust them.
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const rows: Array<[string, number[]]> = [...STAGES.map((s): [string, number[]] => [s, report.stages[s]]), ['round trip (UI)', report.roundTrip]];
  console.log(`\n${'stage'.padEnd(18)}${'median ms'.padStart(11)}${'p90 ms'.padStart(9)}`);
  for (const [name, samples] of rows) {
    console.log(`${name.padEnd(18)}${percentile(samples, 50).toFixed(2).padStart(11)}${percentile(samples, 90).toFixed(2).padStart(9)}`);
  }
  const overhead = percentile(report.stages.overhead, 50);
  console.log(`\nengine overhead (everything but inference): median ${overhead.toFixed(2)} ms, target <= ${OVERHEAD_TARGET_MS} ms: ${overhead <= OVERHEAD_TARGET_MS ? 'met' : 'NOT met'}`);
}
