import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { EngineStatus, FrameResult } from '../../../engine/api.ts';
import { startFramePump } from '../../lib/camera/frame-pump.ts';
import { useCamera } from '../../lib/camera/use-camera.ts';
import { boxLabel } from './box-label.ts';
import { debugMessages as m } from './debug-messages.ts';
import { DetectionTable } from './detection-table.tsx';
import { drawDetections } from './draw-detections.ts';
import { pushHistory } from './rolling-history.ts';
import { TimingsSparkline } from './timings-sparkline.tsx';
import { TimingsTable } from './timings-table.tsx';
import type { DebugEngine } from './use-debug-engine.ts';

/** The whole camera frame goes to the engine, so what is drawn is exactly what the model saw. */
export function CameraPanel({ engine, status, active }: { engine: DebugEngine; status: EngineStatus; active: boolean }) {
  const intl = useIntl();
  const videoRef = useRef<HTMLVideoElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const camera = useCamera(videoRef);
  const [result, setResult] = useState<FrameResult | null>(null);
  const [history, setHistory] = useState<number[]>([]);
  const { detect } = engine;
  const inputSize = status.settings.inputSize;
  const { stop } = camera;

  useEffect(() => {
    if (!active) stop();
  }, [active, stop]);

  useEffect(() => {
    const video = videoRef.current;
    if (camera.status !== 'live' || !video) return;
    return startFramePump({
      video,
      region: () => (video.videoWidth > 0 ? { x: 0, y: 0, width: video.videoWidth, height: video.videoHeight } : null),
      maxSide: inputSize,
      detect: (frame, timestampMs) => detect(frame, { timestampMs }),
      paused: () => false,
      onResult: (next) => {
        setResult(next);
        setHistory((current) => pushHistory(current, next.timings.total));
      },
    });
  }, [camera.status, detect, inputSize]);

  useEffect(() => {
    const canvas = overlayRef.current;
    if (!canvas || !result) return;
    drawDetections(canvas, result, { label: (cls, conf) => boxLabel(intl, cls, conf) });
  }, [result, intl]);

  const live = camera.status === 'live';
  return (
    <div className="debug-stack">
      <div className="debug-actions">
        {live || camera.status === 'starting' ? (
          <button type="button" className="button secondary" onClick={camera.stop}>
            {intl.formatMessage(m.cameraStop)}
          </button>
        ) : (
          <button type="button" className="button" onClick={() => void camera.start()}>
            {intl.formatMessage(m.cameraStart)}
          </button>
        )}
        {camera.status === 'starting' && <span className="debug-muted">{intl.formatMessage(m.cameraStarting)}</span>}
      </div>
      {camera.status === 'error' && (
        <p className="debug-alert" role="alert">
          {intl.formatMessage(m.cameraError)}
        </p>
      )}
      {live && !status.model && (
        <p className="debug-alert" role="alert">
          {intl.formatMessage(m.errorSessionNotLoaded)}
        </p>
      )}
      <div className="debug-camera" role="group" aria-label={intl.formatMessage(m.cameraLabel)} hidden={camera.status === 'idle' || camera.status === 'error'}>
        <video ref={videoRef} className="debug-camera-video" playsInline muted autoPlay />
        <canvas ref={overlayRef} className="debug-camera-overlay" aria-hidden="true" />
      </div>
      {live && result && (
        <div className="debug-readouts">
          <section className="debug-card">
            <h2 className="debug-card-title">{intl.formatMessage(m.hysteresisTitle)}</h2>
            <p className={result.detected ? 'debug-state debug-state-on' : 'debug-state'} role="status">
              {intl.formatMessage(result.detected ? m.hysteresisDetected : m.hysteresisNotDetected)}
            </p>
            <dl className="debug-facts">
              <div>
                <dt>{intl.formatMessage(m.hysteresisHits)}</dt>
                <dd>{result.hysteresis.hits}</dd>
              </div>
              <div>
                <dt>{intl.formatMessage(m.hysteresisMisses)}</dt>
                <dd>{result.hysteresis.misses}</dd>
              </div>
              <div>
                <dt>{intl.formatMessage(m.modelMode)}</dt>
                <dd>{intl.formatMessage(result.mode === 'model' ? m.modeModel : m.modeBasic)}</dd>
              </div>
            </dl>
            <p className="debug-muted">{intl.formatMessage(result.accepted ? m.frameAccepted : m.frameRejected)}</p>
            {result.error && <p className="debug-alert">{intl.formatMessage(m.frameError, { message: result.error })}</p>}
          </section>
          <section className="debug-card">
            <h2 className="debug-card-title">{intl.formatMessage(m.timingsTitle)}</h2>
            <TimingsTable timings={result.timings} inputSize={result.inputSize} />
            <TimingsSparkline values={history} />
          </section>
          <section className="debug-card debug-wide">
            <DetectionTable result={result} caption={intl.formatMessage(m.detectionsTitle)} />
          </section>
        </div>
      )}
    </div>
  );
}
