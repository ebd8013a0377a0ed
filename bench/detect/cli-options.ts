import { parseArgs } from 'node:util';
import { validateInputSize } from '../../engine/preprocess/letterbox-geometry.ts';
import { presetSettings } from '../../engine/settings/engine-settings.ts';
import { defaultModel } from './model-source.ts';
import type { DetectorChoice } from './run-benchmark.ts';
import { CARD_SPAN } from './gate-crop.ts';
import { parseSweep, type Sweep } from './sweep-spec.ts';

export const USAGE = `usage: npm run bench:detect -- [options] <dataset>
  <dataset>               folder with manifest.json, or YOLO-style images/ + labels/
  --model <path|url>      ONNX detector (default public/models/card-detector.onnx, else the fixture model)
  --input-size <n>        model input side, multiple of 32 from 320 to 1024 (default 640)
  --conf <x>              confidence threshold (default 0.22, the scanner's)
  --iou <x>               NMS IoU threshold (default 0.5)
  --fallback              the edge heuristic instead of a model
  --compare <a> <b>       two models on the same images, with b/a ratios
  --sweep <p=a:b:step>    one row per value of conf, iou or input-size
  --split <file.json:key> only the images listed under key (e.g. training/split.json:val)
  --card-span <x>         share of the gate crop's width the card spans (default 0.7; 0.95 = a card filling the frame)
  --limit <n>             only the first n images
  --worst <n>             images drawn in the HTML report per model (default 8)
  --out <dir>             where detect.json and detect.html go (default bench/out/detect)`;

export interface CliOptions {
  dataset: string;
  detectors: DetectorChoice[];
  inputSize: number;
  conf: number;
  iou: number;
  sweep: Sweep | null;
  split: string | null;
  limit: number | null;
  cardSpan: number;
  worst: number;
  out: string;
  compared: boolean;
}

export class UsageError extends Error {}

function cardSpan(raw: string | undefined): number {
  if (raw === undefined) return CARD_SPAN;
  const value = Number(raw);
  if (!(value >= 0.2 && value <= 1)) throw new UsageError(`--card-span must be a number from 0.2 to 1, got ${raw}`);
  return value;
}

export function parseCliOptions(argv: string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        model: { type: 'string' },
        'input-size': { type: 'string' },
        conf: { type: 'string' },
        iou: { type: 'string' },
        fallback: { type: 'boolean', default: false },
        compare: { type: 'string' },
        sweep: { type: 'string' },
        split: { type: 'string' },
        limit: { type: 'string' },
        'card-span': { type: 'string' },
        worst: { type: 'string', default: '8' },
        out: { type: 'string', default: 'bench/out/detect' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) throw new UsageError('');
  const scanner = presetSettings('scanner');
  const positional = [...positionals];
  let detectors: DetectorChoice[];
  if (values.compare !== undefined) {
    if (values.fallback || values.model !== undefined) throw new UsageError('--compare names both models; leave out --model and --fallback');
    const second = positional.shift();
    if (second === undefined) throw new UsageError('--compare needs two models and a dataset: --compare <a> <b> <dataset>');
    detectors = [
      { kind: 'model', source: values.compare },
      { kind: 'model', source: second },
    ];
  } else if (values.fallback) {
    if (values.model !== undefined) throw new UsageError('--fallback runs the edge heuristic; leave out --model');
    detectors = [{ kind: 'edges' }];
  } else {
    detectors = [{ kind: 'model', source: values.model ?? defaultModel() }];
  }
  if (positional.length !== 1) {
    if (values.compare !== undefined) throw new UsageError('--compare needs two models and a dataset: --compare <a> <b> <dataset>');
    throw new UsageError(positional.length === 0 ? 'name a dataset folder' : `one dataset expected, got: ${positional.join(' ')}`);
  }

  const inputSize = values['input-size'] === undefined ? scanner.inputSize : Number(values['input-size']);
  const sizeError = validateInputSize(inputSize);
  if (sizeError) throw new UsageError(`--input-size: ${sizeError}`);
  const unit = (name: string, raw: string | undefined, fallback: number) => {
    const value = raw === undefined ? fallback : Number(raw);
    if (!(value >= 0 && value <= 1)) throw new UsageError(`--${name} must be a number from 0 to 1, got ${raw}`);
    return value;
  };
  const count = (name: string, raw: string | undefined) => {
    if (raw === undefined) return null;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) throw new UsageError(`--${name} must be a whole number, got ${raw}`);
    return value;
  };
  let sweep: Sweep | null = null;
  if (values.sweep !== undefined) {
    try {
      sweep = parseSweep(values.sweep);
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    if (values.fallback) throw new UsageError('--sweep needs a model; the edge heuristic has no thresholds');
  }
  return {
    dataset: positional[0]!,
    detectors,
    inputSize,
    conf: unit('conf', values.conf, scanner.confThreshold),
    iou: unit('iou', values.iou, scanner.iouThreshold),
    sweep,
    split: values.split ?? null,
    limit: count('limit', values.limit),
    cardSpan: cardSpan(values['card-span']),
    worst: count('worst', values.worst) ?? 8,
    out: values.out!,
    compared: values.compare !== undefined,
  };
}
