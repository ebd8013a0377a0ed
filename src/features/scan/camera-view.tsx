import type { ReactNode, RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { LoadProgress } from '../../../engine/api.ts';
import { scanMessages as m } from './scan-messages.ts';
import type { ScannerPhase } from './scanner-state.ts';

export interface CameraViewProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  viewRef: RefObject<HTMLDivElement | null>;
  freezeRef: RefObject<HTMLCanvasElement | null>;
  phase: ScannerPhase;
  /** The camera could not be opened (no device, or permission refused). */
  cameraFailed: boolean;
  modelProgress: LoadProgress | null;
  modelLoading: boolean;
  basicMode: boolean;
  /** Drawn over the picture, e.g. what continuous scanning just found. */
  overlay?: ReactNode;
  /** Page mode: no card frame; the overlay outlines every card in view. */
  pageMode?: boolean;
}

function useOverlayTexts(phase: ScannerPhase, cameraFailed: boolean, pageMode: boolean) {
  const intl = useIntl();
  if (cameraFailed) return { frame: null, status: intl.formatMessage(m.statusNoCamera) };
  // A page has no one card to centre: the overlay counts the cards in view instead.
  if (pageMode && phase !== 'processing' && phase !== 'starting') return { frame: null, status: null };
  switch (phase) {
    case 'ready':
      return { frame: intl.formatMessage(m.overlayDetected), status: intl.formatMessage(m.overlayDetected) };
    case 'processing':
      return { frame: intl.formatMessage(m.overlayProcessing), status: intl.formatMessage(m.overlayProcessing) };
    case 'frozen':
      // The results speak for the photo now.
      return { frame: null, status: null };
    case 'stabilizing':
      return { frame: intl.formatMessage(m.overlayCenter), status: intl.formatMessage(m.statusStabilizing) };
    case 'looking':
      return { frame: intl.formatMessage(m.overlayPosition), status: intl.formatMessage(m.statusLooking) };
    case 'starting':
      return { frame: intl.formatMessage(m.overlayPosition), status: intl.formatMessage(m.statusStarting) };
  }
}

/** The live camera with the card-shaped frame and what the scanner is doing, drawn over it. */
export function CameraView({ videoRef, viewRef, freezeRef, phase, cameraFailed, modelProgress, modelLoading, basicMode, overlay, pageMode = false }: CameraViewProps) {
  const intl = useIntl();
  const texts = useOverlayTexts(phase, cameraFailed, pageMode);
  const frozen = phase === 'frozen' || phase === 'processing';
  const percent = modelProgress?.total ? intl.formatNumber(modelProgress.loaded / modelProgress.total, { style: 'percent' }) : null;

  return (
    <div className="camera-view" ref={viewRef} data-phase={phase} data-mode={pageMode ? 'page' : 'card'} aria-label={intl.formatMessage(m.cameraLabel)} role="group">
      <video ref={videoRef} className="camera-video" playsInline muted autoPlay />
      <canvas ref={freezeRef} className="camera-freeze" hidden={!frozen} aria-hidden="true" />
      {!pageMode && (
        <div className="card-frame" aria-hidden="true">
          {texts.frame && <span className="card-frame-text">{texts.frame}</span>}
        </div>
      )}
      <p className="scanner-status" role="status" aria-live="polite" hidden={texts.status === null}>
        {texts.status}
      </p>
      {overlay}
      {basicMode && <span className="basic-badge">{intl.formatMessage(m.basicModeBadge)}</span>}
      {modelLoading && (
        <div className="model-progress" role="status">
          <span>{percent ? intl.formatMessage(m.modelLoading, { percent }) : intl.formatMessage(m.modelLoadingUnknown)}</span>
          <progress max={modelProgress?.total ?? undefined} value={modelProgress?.total ? modelProgress.loaded : undefined} />
        </div>
      )}
    </div>
  );
}
