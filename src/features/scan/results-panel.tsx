import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useOwnedCounts, type AddedEntry } from '../collection/index.ts';
import { CandidateTile } from './candidate-tile.tsx';
import type { ScanCandidate } from '../../lib/scan-candidate.ts';
import { scanMessages as m } from './scan-messages.ts';
import './scan.css';

/** Spec section 9: the best candidate, up to four others, and a count of the rest. */
export const shownAlternatives = 4;

export interface ResultsPanelProps {
  candidates: ScanCandidate[];
  /** Shown above the matches: what the scan session did with this result. */
  note?: ReactNode;
  /** Called with each card added from these results. */
  onAdded?: (entry: AddedEntry) => void;
}

export function ResultsPanel({ candidates, note, onAdded }: ResultsPanelProps) {
  const intl = useIntl();
  const [best, ...others] = candidates;
  const alternatives = others.slice(0, shownAlternatives);
  const hidden = others.length - alternatives.length;
  const owned = useOwnedCounts(candidates.slice(0, 1 + shownAlternatives).map((candidate) => candidate.printingId));

  return (
    <section className="results-panel" aria-labelledby="scan-results-title">
      <h2 id="scan-results-title">{intl.formatMessage(m.resultsTitle)}</h2>
      {best === undefined ? (
        <div className="no-match" role="status">
          <p className="no-match-title">{intl.formatMessage(m.noMatchTitle)}</p>
          <p>{intl.formatMessage(m.noMatchAdvice)}</p>
        </div>
      ) : (
        <>
          {note}
          <CandidateTile candidate={best} featured onAdded={onAdded} owned={owned?.get(best.printingId)} />
          {alternatives.length > 0 && (
            <>
              <h3 className="other-matches-title">{intl.formatMessage(m.otherMatches)}</h3>
              <ul className="other-matches">
                {alternatives.map((candidate) => (
                  <li key={candidate.printingId}>
                    <CandidateTile candidate={candidate} featured={false} onAdded={onAdded} owned={owned?.get(candidate.printingId)} />
                  </li>
                ))}
              </ul>
            </>
          )}
          {hidden > 0 && (
            <button type="button" className="button secondary more-results">
              {intl.formatMessage(m.moreResults, { count: hidden })}
            </button>
          )}
        </>
      )}
    </section>
  );
}
