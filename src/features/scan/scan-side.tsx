import { useIntl } from 'react-intl';
import type { ScanCandidate } from '../../lib/scan-candidate.ts';
import { ScanSessionPanel, scanSessionMessages as sessionMessages, useScanSession } from '../collection/index.ts';
import { ResultsPanel } from './results-panel.tsx';
import { OfflineScans } from './offline/offline-scans.tsx';
import type { OfflineQueue } from './offline/use-offline-queue.ts';
import { ScanTips } from './scan-tips.tsx';

/** The column beside the camera: the scan session, the scans taken offline, then the last result (or the tips before one). */
export function ScanSide({ result, offline }: { result: ScanCandidate[] | null; offline?: OfflineQueue }) {
  const intl = useIntl();
  const session = useScanSession(result);
  const note =
    session.outcome === 'uncertain' ? (
      <p className="session-note uncertain" role="status">
        {intl.formatMessage(sessionMessages.uncertain)}
      </p>
    ) : session.outcome === 'added' ? (
      <p className="session-note" role="status">
        {intl.formatMessage(sessionMessages.addedNote)}
      </p>
    ) : undefined;

  return (
    <div className="scan-side">
      {session.available && <ScanSessionPanel on={session.on} onToggle={session.setOn} adds={session.adds} onUndo={(entry) => void session.undo(entry)} />}
      {offline && <OfflineScans queue={offline} />}
      {result !== null ? <ResultsPanel candidates={result} note={note} onAdded={session.record} /> : <ScanTips />}
    </div>
  );
}
