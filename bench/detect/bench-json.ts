import { cpus, loadavg } from 'node:os';
import type { Dataset } from './dataset.ts';
import { gateCropNote } from './gate-crop.ts';
import type { LatencySummary } from './latency-summary.ts';
import { AP_FLOOR_CONF, rate, type RowResult } from './run-benchmark.ts';

export interface RowJson {
  detector: string;
  kind: RowResult['kind'];
  input_size: number | null;
  conf: number | null;
  iou: number | null;
  /** Photos run. */
  images: number;
  /** Photos with known boxes (empty for no-card photos): the ones precision, recall and AP count. */
  annotated_images: number;
  truth_boxes: number;
  true_positives: number;
  false_positives: number;
  false_negatives: number;
  precision: number | null;
  recall: number | null;
  ap50: number | null;
  gate_accept_positive: number | null;
  gate_accept_negative: number | null;
  gate_positive_crops: number;
  gate_negative_crops: number;
  fallback_accept_positive: number | null;
  fallback_accept_negative: number | null;
  failed_runs: number;
  latency_ms: LatencySummary;
  /** [recall, precision] after each ranked detection, thinned to at most 200 points. */
  pr_curve: Array<[number, number]>;
}

export interface BenchJson extends RowJson {
  dataset: string;
  format: Dataset['format'];
  split: string | null;
  match_iou: 0.5;
  ap_floor_conf: number;
  gate_crop: string;
  machine: { cores: number; load_average: number[] };
  /** Every row (one per model and swept value); the top-level metrics repeat the first. */
  runs: RowJson[];
  /** --compare: the second model's figures divided by the first's, per row pair. */
  ratios: Array<Record<string, number | null>> | null;
}

const finite = (v: number): number | null => (Number.isFinite(v) ? Number(v.toFixed(6)) : null);

export function rowJson(row: RowResult): RowJson {
  const step = Math.max(1, Math.ceil(row.curve.length / 200));
  return {
    detector: row.detector,
    kind: row.kind,
    input_size: row.inputSize,
    conf: row.conf,
    iou: row.iou,
    images: row.images,
    annotated_images: row.annotatedImages,
    truth_boxes: row.truthBoxes,
    true_positives: row.truePositives,
    false_positives: row.falsePositives,
    false_negatives: row.falseNegatives,
    precision: finite(row.precision),
    recall: finite(row.recall),
    ap50: finite(row.ap50),
    gate_accept_positive: finite(rate(row.gatePositive)),
    gate_accept_negative: finite(rate(row.gateNegative)),
    gate_positive_crops: row.gatePositive.crops,
    gate_negative_crops: row.gateNegative.crops,
    fallback_accept_positive: finite(rate(row.fallbackPositive)),
    fallback_accept_negative: finite(rate(row.fallbackNegative)),
    failed_runs: row.failedRuns,
    latency_ms: row.latency,
    pr_curve: row.curve.filter((_, i) => i % step === 0 || i === row.curve.length - 1).map((p) => [finite(p.recall) ?? 0, finite(p.precision) ?? 0]),
  };
}

const RATIO_KEYS = ['precision', 'recall', 'ap50', 'gate_accept_positive', 'gate_accept_negative'] as const;

/** Second model over first, row by row; null where the first is 0 or missing. */
export function compareRatios(a: RowJson[], b: RowJson[]): Array<Record<string, number | null>> {
  const divide = (x: number | null, y: number | null) => (x !== null && y !== null && y !== 0 ? Number((x / y).toFixed(4)) : null);
  return a.map((ra, i) => {
    const rb = b[i]!;
    const out: Record<string, number | null> = { input_size: ra.input_size, conf: ra.conf, iou: ra.iou };
    for (const key of RATIO_KEYS) out[key] = divide(rb[key], ra[key]);
    out.inference_p50 = divide(rb.latency_ms.inference.p50, ra.latency_ms.inference.p50);
    out.total_p50 = divide(rb.latency_ms.total.p50, ra.latency_ms.total.p50);
    return out;
  });
}

export function benchJson(dataset: Dataset, split: string | null, rows: RowResult[], compared: boolean, cardSpan: number): BenchJson {
  const runs = rows.map(rowJson);
  const half = runs.length / 2;
  return {
    ...runs[0]!,
    dataset: dataset.root,
    format: dataset.format,
    split,
    match_iou: 0.5,
    ap_floor_conf: AP_FLOOR_CONF,
    gate_crop: gateCropNote(cardSpan),
    machine: { cores: cpus().length, load_average: loadavg().map((l) => Number(l.toFixed(2))) },
    runs,
    ratios: compared ? compareRatios(runs.slice(0, half), runs.slice(half)) : null,
  };
}
