import type { EngineInit, EnginePreset, EngineSettings, EngineSettingsPatch } from '../api.ts';
import { DEFAULT_SIZE_ADAPTATION, validateSizeAdaptation } from '../adapt/size-controller.ts';
import { DEFAULT_ACCEPTANCE, validateAcceptanceOptions } from '../gating/acceptance.ts';
import { DEFAULT_HYSTERESIS, validateHysteresisOptions } from '../gating/hysteresis.ts';
import { validateInputSize } from '../preprocess/letterbox-geometry.ts';

export const DEFAULT_MODEL_URL = '/models/card-detector.onnx';

const base: Omit<EngineSettings, 'confThreshold' | 'iouThreshold'> = {
  modelUrl: DEFAULT_MODEL_URL,
  inputSize: 640,
  adaptiveSize: true,
  emulatedPhone: null,
  sizeAdaptation: { ...DEFAULT_SIZE_ADAPTATION, sizes: [...DEFAULT_SIZE_ADAPTATION.sizes] },
  maxDetections: 20,
  wasmPaths: '/ort/',
  acceptance: { ...DEFAULT_ACCEPTANCE },
  hysteresis: { ...DEFAULT_HYSTERESIS },
};

/** Spec section 9: the scanner keeps weak boxes for the gate to judge; the debug page shows fewer. */
const presets: Record<EnginePreset, Pick<EngineSettings, 'confThreshold' | 'iouThreshold'>> = {
  scanner: { confThreshold: 0.22, iouThreshold: 0.5 },
  debug: { confThreshold: 0.3, iouThreshold: 0.45 },
};

export function presetSettings(preset: EnginePreset = 'scanner'): EngineSettings {
  return {
    ...base,
    ...presets[preset],
    acceptance: { ...base.acceptance },
    hysteresis: { ...base.hysteresis },
    sizeAdaptation: { ...base.sizeAdaptation, sizes: [...base.sizeAdaptation.sizes] },
  };
}

export function applySettingsPatch(settings: EngineSettings, patch: EngineSettingsPatch): EngineSettings {
  const { acceptance, hysteresis, sizeAdaptation, ...flat } = patch;
  // An input size given without a word on adapting fixes the size: that is what choosing one means.
  const fixes = flat.inputSize !== undefined && flat.adaptiveSize === undefined ? { adaptiveSize: false } : {};
  return {
    ...settings,
    ...stripUndefined(flat),
    ...fixes,
    acceptance: { ...settings.acceptance, ...stripUndefined(acceptance ?? {}) },
    hysteresis: { ...settings.hysteresis, ...stripUndefined(hysteresis ?? {}) },
    sizeAdaptation: { ...settings.sizeAdaptation, ...stripUndefined(sizeAdaptation ?? {}) },
  };
}

export function resolveSettings(init: EngineInit = {}): EngineSettings {
  const { preset, ...patch } = init;
  return applySettingsPatch(presetSettings(preset), patch);
}

export function validateEngineSettings(s: EngineSettings): string[] {
  const errors: string[] = [];
  if (typeof s.modelUrl !== 'string') errors.push('modelUrl must be a string');
  const sizeError = validateInputSize(s.inputSize);
  if (sizeError) errors.push(sizeError);
  if (!(s.confThreshold >= 0 && s.confThreshold <= 1)) errors.push(`confThreshold must be 0..1, got ${s.confThreshold}`);
  if (!(s.iouThreshold >= 0 && s.iouThreshold <= 1)) errors.push(`iouThreshold must be 0..1, got ${s.iouThreshold}`);
  if (!(Number.isInteger(s.maxDetections) && s.maxDetections >= 1)) errors.push(`maxDetections must be an integer >= 1, got ${s.maxDetections}`);
  if (typeof s.wasmPaths !== 'string' || s.wasmPaths === '') errors.push('wasmPaths must be a non-empty string');
  errors.push(...validateAcceptanceOptions(s.acceptance).map((e) => `acceptance.${e}`));
  errors.push(...validateHysteresisOptions(s.hysteresis).map((e) => `hysteresis.${e}`));
  if (s.emulatedPhone !== null && !(s.emulatedPhone.slowdown >= 1 && s.emulatedPhone.slowdown <= 20)) errors.push(`emulatedPhone.slowdown must be 1..20, got ${s.emulatedPhone.slowdown}`);
  if (s.emulatedPhone !== null && (typeof s.emulatedPhone.referenceMs !== 'object' || !Object.values(s.emulatedPhone.referenceMs).every((ms) => ms > 0))) errors.push('emulatedPhone.referenceMs must give a time over 0 ms for each size');
  if (typeof s.adaptiveSize !== 'boolean') errors.push('adaptiveSize must be true or false');
  errors.push(...validateSizeAdaptation(s.sizeAdaptation).map((e) => `sizeAdaptation.${e}`));
  return errors;
}

export function assertValidSettings(s: EngineSettings): EngineSettings {
  const errors = validateEngineSettings(s);
  if (errors.length > 0) throw new RangeError(`Invalid engine settings: ${errors.join('; ')}`);
  return s;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
