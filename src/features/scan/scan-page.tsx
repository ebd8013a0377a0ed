import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { PageTitle } from '../../components/page-title.tsx';
import { useSessionAdd } from '../collection/index.ts';
import { CameraView } from './camera-view.tsx';
import { CaptureControls } from './capture-controls.tsx';
import { IdentifyReadiness } from './identify-readiness.tsx';
import { useOfflineQueue } from './offline/use-offline-queue.ts';
import { scanFailureText } from './scan-failure-text.ts';
import { scanMessages as m } from './scan-messages.ts';
import { ScanModeSwitches } from './scan-mode-switches.tsx';
import { ScanSteps } from './scan-steps.tsx';
import { ScanSide } from './scan-side.tsx';
import { useIdentifyStatus } from './use-identify-status.ts';
import { useScanner } from './use-scanner.ts';
import { useScannerFit } from './use-scanner-fit.ts';
import { ContinuousFlash } from './continuous/continuous-flash.tsx';
import { useContinuousCapture } from './continuous/use-continuous-capture.ts';
import { DetectionsOverlay } from './page/detections-overlay.tsx';
import { pageMessages as pm } from './page/page-messages.ts';
import './scan.css';
import './continuous/continuous.css';

/**
 * On a phone the results come below the camera: once a photo is answered, the page scrolls so
 * that the result's heading and best match sit under the sticky header.
 */
function bringResultIntoView(panel: Element | null | undefined) {
  if (!panel) return;
  const headerBottom = document.querySelector('.app-header')?.getBoundingClientRect().bottom ?? 0;
  const top = panel.getBoundingClientRect().top;
  const best = (panel.querySelector('.candidate.featured, .no-match, .page-photo') ?? panel).getBoundingClientRect();
  if (top >= headerBottom && best.bottom <= window.innerHeight) return;
  window.scrollBy({ top: top - headerBottom - 8, behavior: 'instant' });
}

export default function ScanPage() {
  const intl = useIntl();
  const identifyStatus = useIdentifyStatus();
  const { refresh } = identifyStatus;
  const failureText = useCallback((error: unknown) => scanFailureText(error, intl, refresh), [intl, refresh]);
  const offline = useOfflineQueue();
  // Page mode: one photo of a binder page or of cards on a table, every card on it identified.
  const [pageMode, setPageMode] = useState(false);
  const scanner = useScanner({ failureText, identifyOrQueue: offline.identifyOrQueue, pageMode });
  const result = scanner.state.result;
  const page = scanner.state.page;
  const headRef = useRef<HTMLDivElement>(null);
  const scannerRef = useRef<HTMLDivElement>(null);
  useScannerFit(headRef, scannerRef);

  // Continuous scanning: the scan session's way of scanning, or the Continuous switch outside one.
  const sessionOn = useSessionAdd().addingFor !== null;
  const [continuousSwitch, setContinuousSwitch] = useState(false);
  const continuousOn = !pageMode && (sessionOn || continuousSwitch);
  const busy = useRef(false);
  busy.current = scanner.state.processing || result !== null || page !== null;
  const scannerBusy = useCallback(() => busy.current, []);
  const continuous = useContinuousCapture({ enabled: continuousOn && scanner.cameraStatus === 'live', captureLive: scanner.captureLive, scannerBusy });
  const { clear: clearContinuous, photographedByHand } = continuous;
  const capture = useCallback(() => {
    if (continuousOn) photographedByHand();
    void scanner.capture();
  }, [continuousOn, photographedByHand, scanner]);

  useEffect(() => {
    if (result === null) return;
    // A photo taken by hand replaces what continuous scanning showed, and is brought into view.
    clearContinuous();
    bringResultIntoView(scannerRef.current?.parentElement?.querySelector('.results-panel'));
  }, [result, clearContinuous]);

  useEffect(() => {
    if (page === null) return;
    clearContinuous();
    bringResultIntoView(scannerRef.current?.parentElement?.querySelector('.results-panel'));
    return () => URL.revokeObjectURL(page.photoUrl);
  }, [page, clearContinuous]);

  const live = scanner.phase !== 'frozen' && scanner.phase !== 'processing';
  const overlay = pageMode ? live && <DetectionsOverlay /> : continuousOn && <ContinuousFlash flash={continuous.flash} />;
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
            overlay={overlay}
            pageMode={pageMode}
          />
          <CaptureControls
            phase={scanner.phase}
            captureEnabled={scanner.captureEnabled}
            matched={result !== null ? result.length > 0 : page !== null ? page.cards.length > 0 : null}
            captureLabel={pageMode ? intl.formatMessage(pm.takePhoto) : undefined}
            onCapture={capture}
            onRestartCamera={() => void scanner.restartCamera()}
            onScanAgain={() => void scanner.scanAgain()}
          />
          <ScanModeSwitches
            pageMode={pageMode}
            onPageMode={setPageMode}
            processing={scanner.state.processing}
            sessionOn={sessionOn}
            continuous={continuousSwitch}
            onContinuous={setContinuousSwitch}
          />
        </div>
        <ScanSide result={result ?? continuous.result} page={page} continuous={result === null && continuous.result !== null} offline={offline} />
      </div>
      <p className="page-subtitle">{intl.formatMessage(m.subtitle)}</p>
      <ScanSteps />
    </section>
  );
}
