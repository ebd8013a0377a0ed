import { useEffect, useMemo } from 'react';
import { useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import type { EngineStatus } from '../../../engine/api.ts';
import { addToastAtom } from '../../state/toasts.ts';
import type { ScanCandidate } from '../../lib/scan-candidate.ts';
import { scanMessages as m } from './scan-messages.ts';
import { offlineMessages } from './offline/offline-messages.ts';
import { pageMessages } from './page/page-messages.ts';

/** The scan toast that walks through capturing, identifying and the outcome keeps one id, so each replaces the last. */
const scanToastId = 'scan-progress';

/** What the scanner tells the collector, as toasts: the engine's mode, the camera, each step of a scan. */
export function useScannerMessages(mode: EngineStatus['mode'] | undefined) {
  const intl = useIntl();
  const addToast = useSetAtom(addToastAtom);
  const text = intl.formatMessage;

  // Once the model has loaded, or the engine fell back to edge detection, say which.
  useEffect(() => {
    if (mode === 'model') addToast({ type: 'success', title: text(m.toastModelLoaded), message: text(m.toastModelLoadedText), duration: 3000 });
    else if (mode !== undefined) addToast({ type: 'warning', title: text(m.toastBasicMode), message: text(m.toastBasicModeText), duration: 3000 });
    // Said once per load; texts are read at the time of the toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode]);

  return useMemo(
    () => ({
      cameraReady: (restarted: boolean) =>
        restarted
          ? addToast({ type: 'info', title: text(m.toastRestarted), duration: 2000 })
          : addToast({ type: 'success', title: text(m.toastCameraReady), message: text(m.toastCameraReadyText), duration: 3000 }),
      cameraFailed: () => addToast({ id: 'camera-error', type: 'error', title: text(m.toastCameraError), message: text(m.toastCameraErrorText), duration: 0 }),
      cardDetected: () => addToast({ id: 'card-detected', type: 'success', title: text(m.toastDetected), duration: 1500 }),
      capturing: () => addToast({ id: scanToastId, type: 'info', title: text(m.toastCapturing), duration: 0 }),
      identifying: () => addToast({ id: scanToastId, type: 'info', title: text(m.toastIdentifying), duration: 0 }),
      identified: (candidates: ScanCandidate[]) => {
        const best = candidates[0];
        if (best) addToast({ id: scanToastId, type: 'success', title: text(m.toastFound, { name: best.cardName }), duration: 5000 });
        else addToast({ id: scanToastId, type: 'warning', title: text(m.toastNoMatch), message: text(m.toastNoMatchText), duration: 5000 });
      },
      pageIdentified: (cards: number) =>
        cards > 0
          ? addToast({ id: scanToastId, type: 'success', title: text(pageMessages.toastFound, { count: cards }), duration: 5000 })
          : addToast({ id: scanToastId, type: 'warning', title: text(pageMessages.noCardsTitle), message: text(pageMessages.noCardsAdvice), duration: 5000 }),
      queued: () => addToast({ id: scanToastId, type: 'info', title: text(offlineMessages.toastQueued), duration: 4000 }),
      failed: (message: string) => addToast({ id: scanToastId, type: 'error', title: text(m.toastFailed), message, duration: 0 }),
      ready: () => addToast({ id: scanToastId, type: 'info', title: text(m.toastReady), message: text(m.toastReadyText), duration: 3000 }),
    }),
    [addToast, text],
  );
}

export type ScannerMessages = ReturnType<typeof useScannerMessages>;
