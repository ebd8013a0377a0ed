import type { AcceptanceOptions } from './gating/acceptance.ts';
import type { HysteresisOptions } from './gating/hysteresis.ts';
import type { EdgeFallbackMetrics } from './fallback/edge-fallback.ts';
import type { SizeAdaptation } from './adapt/size-controller.ts';

/** 'model' = the ONNX detector runs; 'basic' = the edge heuristic stands in because no model loaded. */
export type EngineMode = 'model' | 'basic';

/** Starting values: 'scanner' = confidence 0.22, IoU 0.5; 'debug' = confidence 0.3, IoU 0.45. */
export type EnginePreset = 'scanner' | 'debug';

export interface EngineSettings {
  /** Address of the ONNX detector. '' runs the basic detector. Default '/models/card-detector.onnx'. */
  modelUrl: string;
  /** Side of the square model input in pixels, a multiple of 32 from 320 to 1024. Default 640; with `adaptiveSize`, the size to start at. */
  inputSize: number;
  /** The engine picks the input size from its own frame times (sizeAdaptation). Default true; setting `inputSize` alone fixes it. */
  adaptiveSize: boolean;
  sizeAdaptation: SizeAdaptation;
  /** A slower phone emulated on this device (bench:scan); default null, none. */
  emulatedPhone: EmulatedPhone | null;
  /** Minimum class score kept by decoding, 0..1. */
  confThreshold: number;
  /** IoU above which NMS drops the less confident box, 0..1. */
  iouThreshold: number;
  /** Most detections kept after NMS. Default 20. */
  maxDetections: number;
  /** Where onnxruntime-web's .mjs and .wasm files are served. Default '/ort/'. Read once, at the first model load. */
  wasmPaths: string;
  acceptance: AcceptanceOptions;
  hysteresis: HysteresisOptions;
}

/**
 * Each frame holds the worker (a wait after inference, counted in the inference time) until
 * its work, reading the frame and inference, took `slowdown` times this device's own time for it at
 * its input size, `referenceMs[size]`, measured with nothing slowed: a phone that many times
 * slower, whatever else slows this device. A size without a reference takes the frame's own time.
 */
export interface EmulatedPhone {
  /** 1 to 20. */
  slowdown: number;
  referenceMs: Record<number, number>;
}

/** Settings as the UI passes them: any subset, nested options included. */
export type EngineSettingsPatch = Partial<Omit<EngineSettings, 'acceptance' | 'hysteresis' | 'sizeAdaptation'>> & {
  acceptance?: Partial<AcceptanceOptions>;
  hysteresis?: Partial<HysteresisOptions>;
  sizeAdaptation?: Partial<SizeAdaptation>;
};

export interface EngineInit extends EngineSettingsPatch {
  /** Defaults the patch is applied over. Default 'scanner'. */
  preset?: EnginePreset;
}

/** Bytes of the model downloaded so far; total is null when the server does not say. */
export interface LoadProgress {
  loaded: number;
  total: number | null;
}

/** Why the engine is in 'basic' mode; code is stable for translations, message is for logs. */
export interface BasicModeReason {
  code: 'no-model-url' | 'http-error' | 'network-error' | 'not-a-model' | 'session-error';
  message: string;
}

export interface TensorInfo {
  name: string;
  /** Dimensions; strings are symbolic (dynamic) dimensions. */
  shape: ReadonlyArray<number | string>;
  type: string;
}

export interface ModelInfo {
  url: string;
  bytes: number;
  inputs: TensorInfo[];
  outputs: TensorInfo[];
  backend: 'wasm';
  /** Download plus session creation, ms. */
  loadMs: number;
}

export interface EngineStatus {
  mode: EngineMode;
  /** Set in 'basic' mode. */
  reason: BasicModeReason | null;
  /** Set in 'model' mode. */
  model: ModelInfo | null;
  settings: EngineSettings;
}

/** One detected object, as a box in source (frame) pixels with its top-left corner at x, y. */
export interface Detection {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Class score, 0..1. Boxes from the basic detector carry 1. */
  conf: number;
  /** Class index in the model's output. */
  cls: number;
}

/**
 * Why a detection was not accepted: 'confidence' = outranked by a more confident detection,
 * 'area' = too small, 'aspect' = not card-shaped, 'centre' = a low-confidence box too far off centre.
 */
export type RejectReason = 'confidence' | 'area' | 'aspect' | 'centre';

export interface Verdict {
  accepted: boolean;
  reasons: RejectReason[];
}

/** Per-stage durations in ms, measured inside the worker. Stages that did not run are 0. */
export interface StageTimings {
  /** Scaling the frame into the model input and filling the tensor. */
  letterbox: number;
  inference: number;
  /** Decode, NMS, mapping to source pixels. */
  postprocess: number;
  /** Acceptance rules and hysteresis. */
  gating: number;
  /** The basic detector, including its downsampling. */
  fallback: number;
  /** From the frame reaching the engine to the result. */
  total: number;
  /** Everything but inference: total - inference. */
  overhead: number;
}

export interface HysteresisCounters {
  /** Consecutive accepted frames. */
  hits: number;
  /** Consecutive rejected frames. */
  misses: number;
  /** Clock time of the last accepted frame (ms), null before the first. */
  lastHitMs: number | null;
}

export interface FrameResult {
  mode: EngineMode;
  /** Size of the frame that was analysed; detections are in these pixels. */
  frame: { width: number; height: number };
  /** After NMS, most confident first. */
  detections: Detection[];
  /** One per detection. */
  verdicts: Verdict[];
  /** Index of the detection the acceptance rules judged, -1 when none. */
  best: number;
  /** This frame passed the acceptance rules (or the basic detector). */
  accepted: boolean;
  /** The stable "card detected" state after hysteresis: capture is allowed only while true. */
  detected: boolean;
  hysteresis: HysteresisCounters;
  /** The model input size this frame was analysed at (0 in basic mode). */
  inputSize: number;
  timings: StageTimings;
  /** Basic-mode measurements, null in 'model' mode. */
  fallback: EdgeFallbackMetrics | null;
  /** Set when the model run failed; the frame then counts as no detection. */
  error: string | null;
}

/**
 * What the engine analyses: a bitmap cut on the UI thread, or a camera frame with the region of it
 * to look at, which the worker reads straight into the model's input (no copy on the UI thread).
 */
export type EngineFrame = ImageBitmap | CameraFrame;

export interface CameraFrame {
  /** A WebCodecs VideoFrame, typed by what every user of this file knows of it (the server has no DOM types). */
  video: { close(): void };
  /** In the video frame's pixels; boxes come back in this region's pixels. */
  region: CaptureRegion;
}

/** The size of what a frame shows: the bitmap, or the camera frame's region. */
export function frameSize(frame: EngineFrame): { width: number; height: number } {
  return 'video' in frame ? { width: frame.region.width, height: frame.region.height } : { width: frame.width, height: frame.height };
}

/** Frees a frame's pixels; closing one twice does nothing more. */
export function closeFrame(frame: EngineFrame): void {
  if ('video' in frame) frame.video.close();
  else frame.close();
}

/** What must be transferred to hand a frame over to the worker. */
export function frameTransferable(frame: EngineFrame): object {
  return 'video' in frame ? frame.video : frame;
}

export interface DetectOptions {
  /** Frame time (ms) for the hysteresis, from any monotonic clock used for every frame. Default: the worker's performance.now(). */
  timestampMs?: number;
  /** 'basic' runs the edge detector even when a model is loaded (for comparison); it does not touch the hysteresis. */
  detector?: 'auto' | 'basic';
}

/** A rectangle in the pixels of the bitmap passed to capture. */
export interface CaptureRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface EngineApi {
  /** Loads the model (reporting download progress) or falls back to 'basic' mode; never rejects for a bad model. */
  init(options?: EngineInit, onProgress?: (progress: LoadProgress) => void): Promise<EngineStatus>;
  /** Applies a settings patch; reloads the model only when modelUrl changes. Rejects on invalid settings. */
  updateSettings(patch: EngineSettingsPatch, onProgress?: (progress: LoadProgress) => void): Promise<EngineStatus>;
  status(): Promise<EngineStatus>;
  /** Analyses one frame and closes it. The bitmap or video frame must be transferred, not copied. */
  detect(frame: EngineFrame, options?: DetectOptions): Promise<FrameResult>;
  /** Crops region (default: the whole bitmap) and encodes it as JPEG at quality 0.95; closes the bitmap. */
  capture(frame: ImageBitmap, region?: CaptureRegion): Promise<Blob>;
  /** Clears the hysteresis counters ("Take Another", "Try Again"). */
  reset(): Promise<void>;
  /** Releases the model session; the engine can be initialised again afterwards. */
  dispose(): Promise<void>;
}
