import { expect, test } from 'vitest';
import { applySettingsPatch, presetSettings, resolveSettings, validateEngineSettings } from '../../../engine/settings/engine-settings.ts';

test('scanner and debug presets carry the spec thresholds', () => {
  expect(presetSettings('scanner')).toMatchObject({ confThreshold: 0.22, iouThreshold: 0.5, inputSize: 640, modelUrl: '/models/card-detector.onnx', wasmPaths: '/ort/' });
  expect(presetSettings('debug')).toMatchObject({ confThreshold: 0.3, iouThreshold: 0.45 });
});

test('a patch changes only what it names, nested options included', () => {
  const next = applySettingsPatch(resolveSettings(), { inputSize: 416, acceptance: { minAreaFraction: 0.3 }, confThreshold: undefined });
  expect(next).toMatchObject({ inputSize: 416, confThreshold: 0.22, acceptance: { minAreaFraction: 0.3, confidenceSplit: 0.6 } });
});

test('invalid values are named', () => {
  const errors = validateEngineSettings(resolveSettings({ inputSize: 500, confThreshold: 1.2, iouThreshold: -0.1, emulatedPhone: { slowdown: 0.5, referenceMs: {} }, hysteresis: { maxGapMs: -5 } }));
  expect(errors.join('\n')).toMatch(/inputSize[\s\S]*confThreshold[\s\S]*iouThreshold[\s\S]*hysteresis\.maxGapMs[\s\S]*emulatedPhone\.slowdown/);
  expect(validateEngineSettings(resolveSettings({ preset: 'debug', inputSize: 1024 }))).toEqual([]);
});
