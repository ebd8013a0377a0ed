import { memo } from 'react';
import { useIntl } from 'react-intl';
import type { ScanCandidate } from '../../lib/scan-candidate.ts';
import { ScanSessionPanel, scanSessionMessages as sessionMessages, useScanSession } from '../collection/index.ts';
import { ResultsPanel } from './results-panel.tsx';
import { OfflineScans } from './offline/offline-scans.tsx';
import type { OfflineQueue } from './offline/use-offline-queue.ts';
import { ScanTips } from './scan-tips.tsx';
import { continuousMessages } from './continuous/continuous-messages.ts';
import { ToCheckList } from './continuous/to-check-list.tsx';
import { PageResult } from './page/page-result.tsx';
import type { PageScan } from './page/page-scan.ts';

export interface ScanSideProps {
  result: ScanCandidate[] | null;
  /** A page photo's answer (page mode); shown in place of a single result. */
  page?: PageScan | null;
  /** The result was found by continuous scanning: an unsure one waits in the session's "to check" list. */
  continuous?: boolean;
  offline?: OfflineQueue;
}

/** The column beside the camera: the scan session, the scans taken offline, then the last result (or the tips before one). Not rendered again as the scanner's phase changes. */
export const ScanSide = memo(function ScanSide({ result, page = null, continuous = false, offline }: ScanSideProps) {
  const intl = useIntl();
  const session = useScanSession(result, { continuous });
  const note =
    session.outcome === 'uncertain' ? (
      <p className="session-note uncertain" role="status">
        {intl.formatMessage(continuous ? continuousMessages.uncertainNote : sessionMessages.uncertain)}
      </p>
    ) : session.outcome === 'added' ? (
      <p className="session-note" role="status">
        {intl.formatMessage(continuous ? continuousMessages.addedNote : sessionMessages.addedNote)}
      </p>
    ) : undefined;

  return (
    <div className="scan-side">
      {session.available && (
        <ScanSessionPanel on={session.on} onToggle={session.setOn} adds={session.adds} onUndo={(entry) => void session.undo(entry)}>
          <ToCheckList items={session.toCheck} onPick={(item, candidate) => void session.pick(item, candidate)} onDismiss={session.dismiss} />
        </ScanSessionPanel>
      )}
      {offline && <OfflineScans queue={offline} />}
      {page !== null ? (
        <PageResult key={page.photoUrl} page={page} />
      ) : result !== null ? (
        <ResultsPanel candidates={result} note={note} onAdded={session.record} />
      ) : (
        <ScanTips />
      )}
    </div>
  );
});
