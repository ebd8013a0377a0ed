import { useIntl } from 'react-intl';
import { scanMessages as m } from './scan-messages.ts';
import type { ScannerPhase } from './scanner-state.ts';

export interface CaptureControlsProps {
  phase: ScannerPhase;
  captureEnabled: boolean;
  /** Set once a capture answered: true with candidates, false with none. */
  matched: boolean | null;
  onCapture: () => void;
  onRestartCamera: () => void;
  onScanAgain: () => void;
  /** The capture button's words when ready, in place of the phase's (page mode). */
  captureLabel?: string;
}

const captureLabel = { starting: m.alignCard, looking: m.alignCard, stabilizing: m.stabilizing, ready: m.takePhoto, processing: m.processing, frozen: m.processing };

export function CaptureControls({ phase, captureEnabled, matched, onCapture, onRestartCamera, onScanAgain, captureLabel: readyLabel }: CaptureControlsProps) {
  const intl = useIntl();
  if (matched !== null) {
    return (
      <div className="capture-controls">
        <button type="button" className="button" onClick={onScanAgain}>
          {intl.formatMessage(matched ? m.takeAnother : m.tryAgain)}
        </button>
      </div>
    );
  }
  return (
    <div className="capture-controls">
      <button type="button" className="button capture-button" disabled={!captureEnabled} onClick={onCapture}>
        {readyLabel !== undefined && phase !== 'processing' ? readyLabel : intl.formatMessage(captureLabel[phase])}
      </button>
      <button type="button" className="button secondary" onClick={onRestartCamera} disabled={phase === 'processing'}>
        {intl.formatMessage(m.restartCamera)}
      </button>
    </div>
  );
}
