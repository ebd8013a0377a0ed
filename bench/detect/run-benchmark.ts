import type { Detection, EngineSettings } from '../../engine/api.ts';
import type { Box } from '../../engine/preprocess/letterbox-geometry.ts';
import { assertValidSettings, resolveSettings } from '../../engine/settings/engine-settings.ts';
import type { Dataset } from './dataset.ts';
import { averagePrecision, matchImage, precisionRecall, type CurvePoint, type ScoredImage } from './detection-metrics.ts';
import { runEdgeDetector, type EdgeRun } from './edge-detector.ts';
import { gateCropFor, type GateRole } from './gate-crop.ts';
import { emptySamples, summariseLatency, type LatencySamples, type LatencySummary } from './latency-summary.ts';
import { createModelDetector, scoreRun, type ModelRun } from './model-detector.ts';
import { loadModelBytes, modelLabel } from './model-source.ts';
import { cropImage, decodeImage, type PixelRect, type RgbaImage } from './rgba-image.ts';
import type { Sweep } from './sweep-spec.ts';

/** AP ranks every box the model gives down to this confidence, whatever the operating threshold. */
export const AP_FLOOR_CONF = 0.001;

export type DetectorChoice = { kind: 'model'; source: string } | { kind: 'edges' };

export interface BenchConfig {
  dataset: Dataset;
  detectors: DetectorChoice[];
  inputSize: number;
  conf: number;
  iou: number;
  sweep: Sweep | null;
  /** Share of the gate crop's width the card spans. */
  cardSpan: number;
  onProgress?: (done: number, total: number) => void;
}

export interface ImageRecord {
  name: string;
  path: string;
  width: number;
  height: number;
  /** null: presence known, boxes not annotated. */
  truths: Box[] | null;
  /** At the operating confidence, after NMS. */
  detections: Detection[];
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  gate: { role: GateRole; rect: PixelRect; accepted: boolean; fallbackAccepted: boolean } | null;
  error: string | null;
}

export interface RowResult {
  detector: string;
  kind: DetectorChoice['kind'];
  inputSize: number | null;
  conf: number | null;
  iou: number | null;
  images: number;
  annotatedImages: number;
  truthBoxes: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  ap50: number;
  curve: CurvePoint[];
  gatePositive: { accepted: number; crops: number };
  gateNegative: { accepted: number; crops: number };
  fallbackPositive: { accepted: number; crops: number };
  fallbackNegative: { accepted: number; crops: number };
  failedRuns: number;
  latency: LatencySummary;
  /** Per-call totals, for the histogram. */
  totals: number[];
  records: ImageRecord[];
}

interface RowPlan {
  detector: DetectorChoice;
  settings: EngineSettings;
}

interface RowState {
  plan: RowPlan;
  scored: ScoredImage[];
  ranked: ScoredImage[];
  gate: Record<GateRole, { accepted: number; crops: number }>;
  fallback: Record<GateRole, { accepted: number; crops: number }>;
  failedRuns: number;
  samples: LatencySamples;
  records: ImageRecord[];
}

/** Settings for every row: the given ones, with the swept parameter replaced by each value. */
export function planRows(config: Pick<BenchConfig, 'detectors' | 'inputSize' | 'conf' | 'iou' | 'sweep'>): RowPlan[] {
  const base = { inputSize: config.inputSize, confThreshold: config.conf, iouThreshold: config.iou };
  const variants = config.sweep
    ? config.sweep.values.map((v) => ({ ...base, ...(config.sweep!.param === 'conf' ? { confThreshold: v } : config.sweep!.param === 'iou' ? { iouThreshold: v } : { inputSize: v }) }))
    : [base];
  return config.detectors.flatMap((detector) =>
    // The edge heuristic has no thresholds or input size: one row whatever is swept.
    (detector.kind === 'edges' ? variants.slice(0, 1) : variants).map((v) => ({ detector, settings: assertValidSettings(resolveSettings({ preset: 'scanner', modelUrl: '', ...v })) })),
  );
}

/** Runs every detector over every image of the dataset; model runs are shared by rows that differ only in thresholds. */
export async function runBenchmark(config: BenchConfig): Promise<RowResult[]> {
  const plans = planRows(config);
  const states: RowState[] = plans.map((plan) => ({
    plan,
    scored: [],
    ranked: [],
    gate: { positive: { accepted: 0, crops: 0 }, negative: { accepted: 0, crops: 0 } },
    fallback: { positive: { accepted: 0, crops: 0 }, negative: { accepted: 0, crops: 0 } },
    failedRuns: 0,
    samples: emptySamples(),
    records: [],
  }));
  const groups = new Map<string, RowState[]>();
  for (const state of states) {
    const d = state.plan.detector;
    const key = d.kind === 'edges' ? 'edges' : `${d.source}@${state.plan.settings.inputSize}`;
    groups.set(key, [...(groups.get(key) ?? []), state]);
  }
  const images = config.dataset.images;
  const total = groups.size * images.length;
  const fallbackCache = new Map<number, EdgeRun>();
  const modelCache = new Map<string, Uint8Array>();
  let done = 0;
  config.onProgress?.(0, total);

  for (const rows of groups.values()) {
    const { detector, settings } = rows[0]!.plan;
    let model: Awaited<ReturnType<typeof createModelDetector>> | null = null;
    if (detector.kind === 'model') {
      const bytes = modelCache.get(detector.source) ?? (await loadModelBytes(detector.source));
      modelCache.set(detector.source, bytes);
      model = await createModelDetector(bytes, settings.inputSize);
    }
    try {
      for (let index = 0; index < images.length; index++) {
        const image = images[index]!;
        const pixels = await decodeImage(image.path);
        const crop = gateCropFor(image, pixels.width, pixels.height, config.cardSpan);
        const framePixels = crop ? cropImage(pixels, crop.rect) : null;
        let fallback = fallbackCache.get(index);
        if (framePixels && !fallback) {
          fallback = runEdgeDetector(framePixels);
          fallbackCache.set(index, fallback);
        }
        if (model) {
          const full = await model.run(pixels);
          const frame = framePixels ? await model.run(framePixels) : null;
          for (const row of rows) scoreModelImage(row, image, pixels, full, crop, frame, fallback ?? null);
        } else {
          for (const row of rows) scoreEdgeImage(row, image, pixels, crop, framePixels, fallback ?? null);
        }
        config.onProgress?.(++done, total);
      }
    } finally {
      await model?.release();
    }
  }
  return states.map(finish);
}

type Crop = ReturnType<typeof gateCropFor>;

function scoreModelImage(row: RowState, image: Dataset['images'][number], pixels: RgbaImage, full: ModelRun, crop: Crop, frame: ModelRun | null, fallback: EdgeRun | null): void {
  const { settings } = row.plan;
  const scored = scoreRun(full, settings);
  const ranked = scoreRun(full, { ...settings, confThreshold: Math.min(settings.confThreshold, AP_FLOOR_CONF) });
  record(row.samples, full, scored);
  if (scored.error) row.failedRuns++;
  let gate: ImageRecord['gate'] = null;
  if (crop && frame) {
    const judged = scoreRun(frame, settings);
    record(row.samples, frame, judged);
    if (judged.error) row.failedRuns++;
    gate = { role: crop.role, rect: crop.rect, accepted: judged.gate.accepted, fallbackAccepted: fallback?.accepted ?? false };
  }
  if (fallback) row.samples.fallback.push(fallback.ms);
  addImage(row, image, pixels, scored.detections, ranked.detections, gate, scored.error);
}

function scoreEdgeImage(row: RowState, image: Dataset['images'][number], pixels: RgbaImage, crop: Crop, framePixels: RgbaImage | null, fallback: EdgeRun | null): void {
  const full = runEdgeDetector(pixels);
  row.samples.fallback.push(full.ms);
  row.samples.total.push(full.ms);
  let gate: ImageRecord['gate'] = null;
  if (crop && framePixels && fallback) {
    row.samples.fallback.push(fallback.ms);
    row.samples.total.push(fallback.ms);
    gate = { role: crop.role, rect: crop.rect, accepted: fallback.accepted, fallbackAccepted: fallback.accepted };
  }
  addImage(row, image, pixels, full.detections, full.detections, gate, null);
}

function record(samples: LatencySamples, run: ModelRun, scored: ReturnType<typeof scoreRun>): void {
  samples.letterbox.push(run.letterboxMs);
  samples.inference.push(run.inferenceMs);
  samples.postprocess.push(scored.postprocessMs);
  samples.gating.push(scored.gatingMs);
  samples.total.push(run.letterboxMs + run.inferenceMs + scored.postprocessMs + scored.gatingMs);
}

function addImage(row: RowState, image: Dataset['images'][number], pixels: RgbaImage, detections: Detection[], ranked: Detection[], gate: ImageRecord['gate'], error: string | null): void {
  let counts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
  if (image.boxes) {
    row.scored.push({ truths: image.boxes, detections });
    row.ranked.push({ truths: image.boxes, detections: ranked });
    counts = matchImage({ truths: image.boxes, detections });
  }
  if (gate) {
    row.gate[gate.role].crops++;
    row.fallback[gate.role].crops++;
    if (gate.accepted) row.gate[gate.role].accepted++;
    if (gate.fallbackAccepted) row.fallback[gate.role].accepted++;
  }
  row.records.push({
    name: image.name,
    path: image.path,
    width: pixels.width,
    height: pixels.height,
    truths: image.boxes,
    detections,
    truePositives: counts.truePositives,
    falsePositives: counts.falsePositives,
    falseNegatives: counts.falseNegatives,
    gate,
    error,
  });
}

function finish(state: RowState): RowResult {
  const { detector, settings } = state.plan;
  const pr = precisionRecall(state.scored);
  const ap = averagePrecision(state.ranked);
  const isModel = detector.kind === 'model';
  return {
    detector: isModel ? modelLabel(detector.source) : 'edge fallback',
    kind: detector.kind,
    inputSize: isModel ? settings.inputSize : null,
    conf: isModel ? settings.confThreshold : null,
    iou: isModel ? settings.iouThreshold : null,
    images: state.records.length,
    annotatedImages: state.scored.length,
    truthBoxes: state.scored.reduce((n, s) => n + s.truths.length, 0),
    truePositives: pr.truePositives,
    falsePositives: pr.falsePositives,
    falseNegatives: pr.falseNegatives,
    precision: pr.precision,
    recall: pr.recall,
    ap50: ap.ap,
    curve: ap.curve,
    gatePositive: state.gate.positive,
    gateNegative: state.gate.negative,
    fallbackPositive: state.fallback.positive,
    fallbackNegative: state.fallback.negative,
    failedRuns: state.failedRuns,
    latency: summariseLatency(state.samples),
    totals: state.samples.total,
    records: state.records,
  };
}

/** Share accepted, NaN when there were no crops. */
export function rate(r: { accepted: number; crops: number }): number {
  return r.crops > 0 ? r.accepted / r.crops : Number.NaN;
}
