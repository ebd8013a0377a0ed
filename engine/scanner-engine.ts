import {
  closeFrame,
  frameSize,
  type BasicModeReason,
  type CaptureRegion,
  type DetectOptions,
  type Detection,
  type EngineApi,
  type EngineFrame,
  type EngineInit,
  type EngineSettings,
  type EngineSettingsPatch,
  type EngineStatus,
  type FrameResult,
  type LoadProgress,
  type ModelInfo,
  type StageTimings,
} from './api.ts';
import { createSizeController, type SizeController } from './adapt/size-controller.ts';
import { encodeCapture } from './capture/encode-capture.ts';
import { DEFAULT_EDGE_FALLBACK, detectByEdges, fallbackSize, type EdgeFallbackMetrics } from './fallback/edge-fallback.ts';
import { acceptBest, type FrameSize } from './gating/acceptance.ts';
import { createHysteresis, type Hysteresis } from './gating/hysteresis.ts';
import { fetchModel, ModelLoadError } from './loading/fetch-model.ts';
import { outputToDetections } from './postprocess/output-to-detections.ts';
import { createBitmapReader } from './preprocess/bitmap-reader.ts';
import { computeLetterbox } from './preprocess/letterbox-geometry.ts';
import { writeContentToTensor } from './preprocess/rgba-to-tensor.ts';
import { createTensorBufferPool } from './preprocess/tensor-buffer-pool.ts';
import { createModelSession, type ModelSession } from './runtime/ort-session.ts';
import { applySettingsPatch, assertValidSettings, resolveSettings } from './settings/engine-settings.ts';

export interface ScannerEngineDeps {
  /** Monotonic clock in ms for timings and the default frame time. */
  now?: () => number;
  fetchImpl?: typeof fetch;
}

interface Analysis {
  detections: Detection[];
  accepted: boolean;
  best: number;
  verdicts: FrameResult['verdicts'];
  fallback: EdgeFallbackMetrics | null;
  error: string | null;
  timings: Omit<StageTimings, 'gating' | 'total' | 'overhead'>;
}

const emptyTimings = { letterbox: 0, inference: 0, postprocess: 0, fallback: 0 };

/** The frame pipeline behind the worker: model or basic detector, acceptance rules, hysteresis, capture. */
export function createScannerEngine(deps: ScannerEngineDeps = {}): EngineApi {
  const now = deps.now ?? (() => performance.now());
  const fetchImpl = deps.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const pool = createTensorBufferPool();
  const modelReader = createBitmapReader();
  const fallbackReader = createBitmapReader();

  /**
   * Holds the frame as a slower device's longer work would (emulatedPhone). A wait, not a busy loop:
   * frames are analysed one at a time either way, and a phone's worker has a core of its own, where
   * spinning here takes one from the page on a machine of few cores.
   */
  const holdWorker = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

  let settings: EngineSettings = resolveSettings();
  let hysteresis: Hysteresis = createHysteresis(settings.hysteresis);
  let sizes: SizeController | null = null;
  /** A new controller from the settings' size, or none when the size is fixed. */
  const adaptSizes = () => {
    sizes = settings.adaptiveSize ? createSizeController(settings.sizeAdaptation, settings.inputSize) : null;
    if (sizes) settings = { ...settings, inputSize: sizes.size };
  };
  let session: ModelSession | null = null;
  let model: ModelInfo | null = null;
  let reason: BasicModeReason | null = { code: 'no-model-url', message: 'Engine not initialised' };
  // Loads and frames each run one at a time, in arrival order: a pooled tensor is never overwritten mid-run.
  let loads: Promise<unknown> = Promise.resolve();
  let frames: Promise<unknown> = Promise.resolve();

  const status = (): EngineStatus => ({ mode: session ? 'model' : 'basic', reason: session ? null : reason, model, settings });

  const serial = <T>(chain: 'loads' | 'frames', task: () => Promise<T>): Promise<T> => {
    const run = (chain === 'loads' ? loads : frames).then(task);
    const settled = run.catch(() => undefined);
    if (chain === 'loads') loads = settled;
    else frames = settled;
    return run;
  };

  async function unload(): Promise<void> {
    const old = session;
    session = null;
    model = null;
    await old?.release();
  }

  async function load(onProgress?: (progress: LoadProgress) => void): Promise<EngineStatus> {
    await unload();
    const url = settings.modelUrl;
    const started = now();
    try {
      const bytes = await fetchModel(url, onProgress, fetchImpl);
      let created: ModelSession;
      try {
        created = await createModelSession(bytes, { wasmPaths: settings.wasmPaths });
      } catch (error) {
        throw new ModelLoadError('session-error', `Could not create a session for ${url}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const outputShape = created.outputs[0]?.shape ?? [];
      if (outputShape.length !== 0 && outputShape.length !== 3) {
        await created.release();
        throw new ModelLoadError('session-error', `${url} outputs [${outputShape.join(', ')}], expected [1, 4+C, N]`);
      }
      session = created;
      model = { url, bytes: bytes.byteLength, inputs: created.inputs, outputs: created.outputs, backend: 'wasm', loadMs: now() - started };
      reason = null;
    } catch (error) {
      reason =
        error instanceof ModelLoadError
          ? { code: error.code, message: error.message }
          : { code: 'session-error', message: error instanceof Error ? error.message : String(error) };
      console.warn(`[engine] basic mode: ${reason.message}`);
    }
    return status();
  }

  async function analyseWithModel(frame: EngineFrame, size: FrameSize, active: ModelSession): Promise<Analysis> {
    const t0 = now();
    const geometry = computeLetterbox(size.width, size.height, settings.inputSize);
    const tensor = pool.acquire(geometry);
    writeContentToTensor(modelReader.read(frame, geometry.contentWidth, geometry.contentHeight), geometry, tensor.data);
    // The pixels are in the tensor now; a full camera frame need not stay in memory through inference.
    closeFrame(frame);
    const t1 = now();
    const outcome = await active.run(tensor.data, tensor.dims);
    if (settings.emulatedPhone) {
      const { slowdown, referenceMs } = settings.emulatedPhone;
      const worked = now() - t0;
      await holdWorker(slowdown * (referenceMs[settings.inputSize] ?? worked) - worked);
    }
    const t2 = now();
    if (!outcome.ok) {
      return { detections: [], accepted: false, best: -1, verdicts: [], fallback: null, error: outcome.error, timings: { ...emptyTimings, letterbox: t1 - t0, inference: t2 - t1 } };
    }
    let detections: Detection[];
    try {
      detections = outputToDetections(outcome.output.data, outcome.output.dims, geometry, settings);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`[engine] could not decode the model output: ${message}`);
      return { detections: [], accepted: false, best: -1, verdicts: [], fallback: null, error: message, timings: { ...emptyTimings, letterbox: t1 - t0, inference: t2 - t1 } };
    }
    const t3 = now();
    const gate = acceptBest(detections, size, settings.acceptance);
    return { detections, ...gate, fallback: null, error: null, timings: { letterbox: t1 - t0, inference: t2 - t1, postprocess: t3 - t2, fallback: 0 } };
  }

  function analyseWithEdges(frame: EngineFrame, size: FrameSize): Analysis {
    const t0 = now();
    const small = fallbackSize(DEFAULT_EDGE_FALLBACK);
    const result = detectByEdges(fallbackReader.read(frame, small.width, small.height), small.width, small.height, DEFAULT_EDGE_FALLBACK);
    const sx = size.width / small.width;
    const sy = size.height / small.height;
    const detections = result.box ? [{ x: result.box.x * sx, y: result.box.y * sy, w: result.box.w * sx, h: result.box.h * sy, conf: 1, cls: 0 }] : [];
    return {
      detections,
      accepted: result.accepted,
      best: detections.length > 0 ? 0 : -1,
      verdicts: detections.map(() => ({ accepted: true, reasons: [] })),
      fallback: result.metrics,
      error: null,
      timings: { ...emptyTimings, fallback: now() - t0 },
    };
  }

  async function analyse(frame: EngineFrame, options: DetectOptions): Promise<FrameResult> {
    const started = now();
    const forceBasic = options.detector === 'basic';
    const active = forceBasic ? null : session;
    const size: FrameSize = frameSize(frame);
    let analysis: Analysis;
    try {
      analysis = active ? await analyseWithModel(frame, size, active) : analyseWithEdges(frame, size);
    } catch (error) {
      // A frame that cannot be read (e.g. a detached bitmap) is a miss, like a failed run.
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`[engine] frame skipped: ${message}`);
      analysis = { detections: [], accepted: false, best: -1, verdicts: [], fallback: null, error: message, timings: emptyTimings };
    } finally {
      closeFrame(frame);
    }
    const gatingStart = now();
    const state = forceBasic ? hysteresis.state : hysteresis.update(analysis.accepted, options.timestampMs ?? started);
    const end = now();
    const total = end - started;
    const inputSize = active ? settings.inputSize : 0;
    // The next frame runs at the size this device keeps the detection rate at.
    if (active && sizes) {
      const next = sizes.observe(total);
      if (next !== settings.inputSize) settings = { ...settings, inputSize: next };
    }
    return {
      mode: active ? 'model' : 'basic',
      frame: size,
      detections: analysis.detections,
      verdicts: analysis.verdicts,
      best: analysis.best,
      accepted: analysis.accepted,
      detected: state.detected,
      hysteresis: { hits: state.hits, misses: state.misses, lastHitMs: state.lastHitMs },
      inputSize,
      timings: { ...analysis.timings, gating: end - gatingStart, total, overhead: total - analysis.timings.inference },
      fallback: analysis.fallback,
      error: analysis.error,
    };
  }

  return {
    init(options: EngineInit = {}, onProgress) {
      const next = assertValidSettings(resolveSettings(options));
      return serial('loads', async () => {
        settings = next;
        hysteresis = createHysteresis(settings.hysteresis);
        adaptSizes();
        return load(onProgress);
      });
    },
    updateSettings(patch: EngineSettingsPatch, onProgress) {
      const next = assertValidSettings(applySettingsPatch(settings, patch));
      return serial('loads', async () => {
        const reload = next.modelUrl !== settings.modelUrl;
        const hysteresisChanged = JSON.stringify(next.hysteresis) !== JSON.stringify(settings.hysteresis);
        const sizingChanged = patch.inputSize !== undefined || patch.adaptiveSize !== undefined || patch.sizeAdaptation !== undefined;
        settings = next;
        if (hysteresisChanged) hysteresis = createHysteresis(settings.hysteresis);
        if (sizingChanged) adaptSizes();
        return reload ? load(onProgress) : status();
      });
    },
    async status() {
      return status();
    },
    detect(frame: EngineFrame, options: DetectOptions = {}) {
      return serial('frames', () => analyse(frame, options));
    },
    capture(frame: ImageBitmap, region?: CaptureRegion) {
      return encodeCapture(frame, region);
    },
    async reset() {
      hysteresis.reset();
    },
    dispose() {
      return serial('loads', async () => {
        await frames;
        await unload();
        reason = { code: 'no-model-url', message: 'Engine disposed' };
        hysteresis.reset();
      });
    },
  };
}
