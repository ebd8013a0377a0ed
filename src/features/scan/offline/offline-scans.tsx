import { useEffect, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { errorMessageOf } from '../../../lib/error-text.ts';
import { ResultsPanel } from '../results-panel.tsx';
import type { QueuedScan, ScanRefusal } from './scan-queue-store.ts';
import type { OfflineQueue } from './use-offline-queue.ts';
import { offlineMessages as m } from './offline-messages.ts';
import './offline-scans.css';

/** A page address for the photo while it is shown. */
function useObjectUrl(blob: Blob): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** The app's words for a refusal the server named, else the server's message. */
function refusalText(intl: IntlShape, refusal: ScanRefusal): string {
  const known = errorMessageOf(refusal.code);
  return known ? intl.formatMessage(known) : refusal.message;
}

function outcomeText(intl: IntlShape, scan: QueuedScan): string {
  if (scan.state === 'queued') return intl.formatMessage(m.waiting);
  if (scan.state === 'refused') return intl.formatMessage(m.refused, { reason: refusalText(intl, scan.refusal!) });
  return scan.candidates?.[0]?.cardName ?? intl.formatMessage(m.noMatch);
}

function OfflineScan({ scan, onDismiss }: { scan: QueuedScan; onDismiss: () => void }) {
  const intl = useIntl();
  const photo = useObjectUrl(scan.photo);
  const [open, setOpen] = useState(false);
  const time = intl.formatTime(scan.takenAt, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
  const candidates = scan.candidates ?? [];
  return (
    <li className={`offline-scan ${scan.state}`} data-scan-id={scan.id}>
      <div className="offline-scan-summary">
        {photo && <img className="offline-scan-photo" src={photo} alt={intl.formatMessage(m.photoAlt, { time })} />}
        <div className="offline-scan-body">
          <p className="offline-scan-time">{intl.formatMessage(m.takenAt, { time })}</p>
          <p className={scan.state === 'refused' ? 'offline-scan-refused' : 'offline-scan-match'}>{outcomeText(intl, scan)}</p>
          {scan.added && <p className="offline-scan-added">{intl.formatMessage(scan.added === 'added' ? m.added : m.addFailed)}</p>}
          <div className="offline-scan-actions">
            {candidates.length > 0 && (
              <button type="button" className="button secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
                {intl.formatMessage(open ? m.hideMatches : m.showMatches)}
              </button>
            )}
            <button type="button" className="button secondary" aria-label={intl.formatMessage(m.dismissLabel, { time })} onClick={onDismiss}>
              {intl.formatMessage(m.dismiss)}
            </button>
          </div>
        </div>
      </div>
      {open && <ResultsPanel candidates={candidates} />}
    </li>
  );
}

/** The note of the scans waiting for the network, and the answers waiting for review, oldest first. */
export function OfflineScans({ queue }: { queue: Pick<OfflineQueue, 'scans' | 'queued' | 'online' | 'dismiss'> }) {
  const intl = useIntl();
  if (queue.scans.length === 0) return null;
  return (
    <section className="offline-scans" aria-labelledby="offline-scans-title">
      <h2 id="offline-scans-title">{intl.formatMessage(m.listTitle)}</h2>
      {queue.queued > 0 && (
        <p className="offline-queue-note" role="status">
          {intl.formatMessage(queue.online ? m.queuedOnline : m.queuedOffline, { count: queue.queued })}
        </p>
      )}
      <ul className="offline-scan-list">
        {queue.scans.map((scan) => (
          <OfflineScan key={scan.id} scan={scan} onDismiss={() => void queue.dismiss(scan.id)} />
        ))}
      </ul>
    </section>
  );
}
