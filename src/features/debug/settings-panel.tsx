import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { EngineStatus } from '../../../engine/api.ts';
import { debugMessages as m } from './debug-messages.ts';
import type { DebugEngine, DebugSettings } from './use-debug-engine.ts';

/** Spec section 2: input size 320-1024 in steps of 32; thresholds 0-1 in steps of 0.01. */
export const sliderRanges = {
  inputSize: { min: 320, max: 1024, step: 32 },
  confThreshold: { min: 0, max: 1, step: 0.01 },
  iouThreshold: { min: 0, max: 1, step: 0.01 },
} as const;

function Slider({ name, label, value, display, onChange }: { name: keyof typeof sliderRanges; label: string; value: number; display: string; onChange: (value: number) => void }) {
  const id = useId();
  const range = sliderRanges[name];
  return (
    <div className="debug-slider">
      <label htmlFor={id}>{label}</label>
      <output htmlFor={id}>{display}</output>
      <input id={id} type="range" min={range.min} max={range.max} step={range.step} value={value} onChange={(event) => onChange(Number(event.target.value))} />
    </div>
  );
}

/** The controls shared by every tab; each change goes straight to the running engine. Folds away on a phone to give the camera room. */
export function SettingsPanel({ engine, status }: { engine: DebugEngine; status: EngineStatus }) {
  const intl = useIntl();
  const urlId = useId();
  const adaptiveId = useId();
  // The sliders move at once; the engine's answer follows a moment later.
  const [draft, setDraft] = useState<DebugSettings>({
    inputSize: status.settings.inputSize,
    adaptiveSize: status.settings.adaptiveSize,
    confThreshold: status.settings.confThreshold,
    iouThreshold: status.settings.iouThreshold,
  });
  const [modelUrl, setModelUrl] = useState(status.settings.modelUrl);

  const change = (patch: Partial<DebugSettings>) => {
    setDraft((current) => ({ ...current, ...patch }));
    engine.applySettings(patch);
  };

  const load = (event: FormEvent) => {
    event.preventDefault();
    engine.loadModel(modelUrl);
  };

  const threshold = (value: number) => intl.formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  return (
    <details className="debug-card debug-settings" open>
      <summary className="debug-card-title">{intl.formatMessage(m.settingsTitle)}</summary>
      <div className="debug-sliders">
        <Slider
          name="inputSize"
          label={intl.formatMessage(m.inputSize)}
          value={draft.inputSize}
          display={intl.formatMessage(m.inputSizeValue, { size: draft.inputSize })}
          onChange={(inputSize) => change({ inputSize, adaptiveSize: false })}
        />
        <div className="debug-check">
          <input id={adaptiveId} type="checkbox" checked={draft.adaptiveSize} onChange={(event) => change({ adaptiveSize: event.target.checked })} />
          <label htmlFor={adaptiveId}>{intl.formatMessage(m.adaptiveSize)}</label>
        </div>
        <Slider name="confThreshold" label={intl.formatMessage(m.confidence)} value={draft.confThreshold} display={threshold(draft.confThreshold)} onChange={(confThreshold) => change({ confThreshold })} />
        <Slider name="iouThreshold" label={intl.formatMessage(m.iou)} value={draft.iouThreshold} display={threshold(draft.iouThreshold)} onChange={(iouThreshold) => change({ iouThreshold })} />
      </div>
      <form className="debug-model-form" onSubmit={load}>
        <label htmlFor={urlId}>{intl.formatMessage(m.modelUrl)}</label>
        <div className="debug-model-row">
          <input id={urlId} type="text" inputMode="url" autoComplete="off" spellCheck={false} value={modelUrl} onChange={(event) => setModelUrl(event.target.value)} />
          <button type="submit" className="button" disabled={engine.loading}>
            {intl.formatMessage(engine.loading ? m.loadingModel : m.loadModel)}
          </button>
        </div>
      </form>
      {engine.settingsError && (
        <p className="debug-alert" role="alert">
          {intl.formatMessage(m.settingsRejected, { message: engine.settingsError })}
        </p>
      )}
    </details>
  );
}
