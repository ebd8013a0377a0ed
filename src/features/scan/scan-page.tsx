import { useCallback, useRef } from 'react';
import { useIntl } from 'react-intl';
import { PageTitle } from '../../components/page-title.tsx';
import { CameraView } from './camera-view.tsx';
import { CaptureControls } from './capture-controls.tsx';
import { IdentifyReadiness } from './identify-readiness.tsx';
import { useOfflineQueue } from './offline/use-offline-queue.ts';
import { scanFailureText } from './scan-failure-text.ts';
import { scanMessages as m } from './scan-messages.ts';
import { ScanSteps } from './scan-steps.tsx';
import { ScanSide } from './scan-side.tsx';
import { useIdentifyStatus } from './use-identify-status.ts';
import { useScanner } from './use-scanner.ts';
import { useScannerFit } from './use-scanner-fit.ts';
import './scan.css';

export default function ScanPage() {
  const intl = useIntl();
  const identifyStatus = useIdentifyStatus();
  const { refresh } = identifyStatus;
  const failureText = useCallback((error: unknown) => scanFailureText(error, intl, refresh), [intl, refresh]);
  const offline = useOfflineQueue();
  const scanner = useScanner({ failureText, identifyOrQueue: offline.identifyOrQueue });
  const result = scanner.state.result;
  const headRef = useRef<HTMLDivElement>(null);
  const scannerRef = useRef<HTMLDivElement>(null);
  useScannerFit(headRef, scannerRef);

  return (
    <section className="page scan-page">
      <div ref={headRef}>
        <PageTitle text={intl.formatMessage(m.title)} />
        <IdentifyReadiness status={identifyStatus.status} />
      </div>
      <div className="scan-layout">
        <div className="scanner" ref={scannerRef}>
          <CameraView
            videoRef={scanner.videoRef}
            viewRef={scanner.viewRef}
            freezeRef={scanner.freezeRef}
            phase={scanner.phase}
            cameraFailed={scanner.cameraStatus === 'error'}
            modelLoading={scanner.model.status === null}
            modelProgress={scanner.model.progress}
            basicMode={scanner.model.status?.mode === 'basic'}
          />
          <CaptureControls
            phase={scanner.phase}
            captureEnabled={scanner.captureEnabled}
            matched={result === null ? null : result.length > 0}
            onCapture={() => void scanner.capture()}
            onRestartCamera={() => void scanner.restartCamera()}
            onScanAgain={() => void scanner.scanAgain()}
          />
        </div>
        <ScanSide result={result} offline={offline} />
      </div>
      <p className="page-subtitle">{intl.formatMessage(m.subtitle)}</p>
      <ScanSteps />
    </section>
  );
}
