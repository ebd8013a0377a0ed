import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { conditionMessages } from '../collection-messages.ts';
import { HintedSwitch } from '../../../components/hinted-switch.tsx';
import { variantName } from '../../../components/variant-name.ts';
import { clientSettings } from '../../../lib/client-settings.ts';
import type { AddedEntry } from '../collection-api.ts';
import { scanSessionMessages as m } from './scan-session-messages.ts';
import './scan-session.css';

export interface ScanSessionPanelProps {
  on: boolean;
  onToggle: (on: boolean) => void;
  adds: AddedEntry[];
  onUndo: (entry: AddedEntry) => void;
  /** Shown at the end of the strip: the scans left to check. */
  children?: ReactNode;
}

/** The switch of a scan session and, while on, the strip of what it added with a running count. */
export function ScanSessionPanel({ on, onToggle, adds, onUndo, children }: ScanSessionPanelProps) {
  const intl = useIntl();
  const shown = adds.slice(0, clientSettings.sessionStripShown.value);
  const count = adds.reduce((sum, entry) => sum + entry.added, 0);
  return (
    <section className="scan-session" aria-label={intl.formatMessage(m.stripLabel)}>
      <HintedSwitch className="session-switch" hintClassName="session-hint" label={intl.formatMessage(m.switchLabel)} hint={intl.formatMessage(m.switchHint)} checked={on} onChange={onToggle} />
      {(on || adds.length > 0) && (
        <>
          <p className="session-count" role="status">
            {intl.formatMessage(m.count, { count })}
          </p>
          {shown.length > 0 && (
            <ul className="session-strip">
              {shown.map((entry) => (
                <li key={`${entry.id}-${entry.quantity}-${adds.indexOf(entry)}`} className="session-item">
                  <span className="session-item-text">
                    <strong>{entry.card.name}</strong>{' '}
                    <span className="muted">
                      {variantName(intl, entry.card.variant)} · {entry.card.set.language.toUpperCase()} · {intl.formatMessage(conditionMessages[entry.condition])}
                    </span>
                  </span>
                  <button type="button" className="button secondary" aria-label={intl.formatMessage(m.undoLabel, { name: entry.card.name })} onClick={() => onUndo(entry)}>
                    {intl.formatMessage(m.undo)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {children}
    </section>
  );
}
