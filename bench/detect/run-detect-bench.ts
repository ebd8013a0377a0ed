// npm run bench:detect -- [options] <dataset>   (--help for the options)
// Runs the scanner engine's own detection path (letterbox, onnxruntime-web wasm on one thread, decode,
// NMS, acceptance rules, edge fallback) over a dataset and reports precision, recall, AP@0.5, the gate's
// acceptance rates and per-stage latency as a table, detect.json and a self-contained detect.html.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { benchJson } from './bench-json.ts';
import { parseCliOptions, USAGE, UsageError } from './cli-options.ts';
import { formatTable } from './format-table.ts';
import { htmlReport } from './html-report.ts';
import { createProgressBar } from './progress-bar.ts';
import { readDataset } from './read-dataset.ts';
import { runBenchmark } from './run-benchmark.ts';

let options;
try {
  options = parseCliOptions(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  if (error.message) console.error(`bench:detect: ${error.message}\n`);
  console.error(USAGE);
  process.exit(error.message ? 2 : 0);
}

let dataset = await readDataset(options.dataset, options.split ?? undefined);
if (options.limit !== null) dataset = { ...dataset, images: dataset.images.slice(0, options.limit) };
for (const skip of dataset.skipped) console.error(`skipped ${skip.name}: ${skip.reason}`);
const detectors = options.detectors.map((d) => (d.kind === 'model' ? d.source : 'edge fallback')).join(' vs ');
console.error(`bench:detect: ${dataset.images.length} images from ${dataset.root} (${dataset.format}${options.split ? `, split ${options.split}` : ''}); ${detectors}`);

const rows = await runBenchmark({ ...options, dataset, onProgress: createProgressBar('detect') });
const report = benchJson(dataset, options.split, rows, options.compared, options.cardSpan);
const out = resolve(options.out);
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'detect.json'), `${JSON.stringify(report, null, 1)}\n`);
writeFileSync(join(out, 'detect.html'), await htmlReport(report, rows, options.worst));

console.log(formatTable(report));
console.log(`\nmachine: ${report.machine.cores} cores, load average ${report.machine.load_average.join(' ')}`);
console.log(`wrote ${join(out, 'detect.json')} and ${join(out, 'detect.html')}`);
