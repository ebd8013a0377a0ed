import { useIntl } from 'react-intl';
import type { ScanCandidate } from '../../lib/scan-candidate.ts';
import { ScanSessionPanel, scanSessionMessages as sessionMessages, useScanSession } from '../collection/index.ts';
import { ResultsPanel } from './results-panel.tsx';
import { ScanTips } from './scan-tips.tsx';

/** The column beside the camera: the scan session, then the last result (or the tips before one). */
export function ScanSide({ result }: { result: ScanCandidate[] | null }) {
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
      {result !== null ? <ResultsPanel candidates={result} note={note} onAdded={session.record} /> : <ScanTips />}
    </div>
  );
}
