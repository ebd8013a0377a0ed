import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { FrameResult } from '../../../engine/api.ts';
import { boxLabel } from './box-label.ts';
import { debugMessages as m } from './debug-messages.ts';
import { DetectionTable } from './detection-table.tsx';
import { drawDetections } from './draw-detections.ts';
import { TimingsTable } from './timings-table.tsx';

export type UploadRun = { state: 'running' } | { state: 'done'; result: FrameResult } | { state: 'error'; message: string };

export interface UploadImage {
  id: number;
  file: File;
  name: string;
  /** Kept for drawing; null when the file is not a readable image. */
  preview: ImageBitmap | null;
  model: UploadRun;
  /** The basic detector's run, once asked for. */
  basic: UploadRun | null;
}

function RunView({ image, run, title }: { image: UploadImage; run: UploadRun; title: string }) {
  const intl = useIntl();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const result = run.state === 'done' ? run.result : null;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !result || !image.preview) return;
    drawDetections(canvas, result, { image: image.preview, label: (cls, conf) => boxLabel(intl, cls, conf), maxSide: 960 });
  }, [result, image.preview, intl]);

  return (
    <section className="debug-run" aria-label={`${image.name} · ${title}`}>
      <h4 className="debug-run-title">{title}</h4>
      {run.state === 'running' && (
        <p className="debug-muted" role="status">
          {intl.formatMessage(m.uploadRunning)}
        </p>
      )}
      {run.state === 'error' && (
        <p className="debug-alert" role="alert">
          {run.message}
        </p>
      )}
      {result && (
        <>
          <canvas ref={canvasRef} className="debug-run-canvas" role="img" aria-label={intl.formatMessage(m.uploadImageLabel, { name: image.name })} />
          <DetectionTable result={result} caption={intl.formatMessage(m.detectionsTitle)} />
          <TimingsTable timings={result.timings} inputSize={result.inputSize} />
        </>
      )}
    </section>
  );
}

/** One uploaded image: the model's run and, side by side when asked for, the basic detector's. */
export function UploadResult({ image, onRun, onRemove }: { image: UploadImage; onRun: (kind: 'model' | 'basic') => void; onRemove: () => void }) {
  const intl = useIntl();
  const nameId = useId();
  const busy = image.model.state === 'running' || image.basic?.state === 'running';
  return (
    <li className="debug-card debug-upload">
      <div className="debug-upload-head">
        <h3 id={nameId} className="debug-upload-name">{image.name}</h3>
        {image.preview && <span className="debug-muted">{intl.formatMessage(m.uploadSize, { width: image.preview.width, height: image.preview.height })}</span>}
      </div>
      {image.preview && (
        <div className="debug-actions">
          <button type="button" className="button secondary" aria-describedby={nameId} disabled={busy} onClick={() => onRun('model')}>
            {intl.formatMessage(m.uploadRerun)}
          </button>
          <button type="button" className="button secondary" aria-describedby={nameId} disabled={busy} onClick={() => onRun('basic')}>
            {intl.formatMessage(m.uploadBasic)}
          </button>
          <button type="button" className="button secondary" aria-describedby={nameId} onClick={onRemove}>
            {intl.formatMessage(m.uploadRemove)}
          </button>
        </div>
      )}
      <div className="debug-runs">
        <RunView image={image} run={image.model} title={intl.formatMessage(m.uploadModelRun)} />
        {image.basic && <RunView image={image} run={image.basic} title={intl.formatMessage(m.uploadBasicRun)} />}
      </div>
    </li>
  );
}
