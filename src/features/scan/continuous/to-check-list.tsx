import { useIntl } from 'react-intl';
import type { ToCheck } from '../../collection/index.ts';
import { cardImageUrl } from '../../../lib/catalogue-images.ts';
import type { ScanCandidate } from '../../../lib/scan-candidate.ts';
import { clientSettings } from '../../../lib/client-settings.ts';
import { useScoreText } from '../candidate-tile.tsx';
import { continuousMessages as m } from './continuous-messages.ts';

/** Candidates offered per scan to check: the best and the next two. */
const offered = 3;

export interface ToCheckListProps {
  items: ToCheck[];
  onPick: (item: ToCheck, candidate: ScanCandidate) => void;
  onDismiss: (item: ToCheck) => void;
}

/** The scans continuous scanning was not sure of: one tap on a candidate adds it. */
export function ToCheckList({ items, onPick, onDismiss }: ToCheckListProps) {
  const intl = useIntl();
  const scoreText = useScoreText();
  if (items.length === 0) return null;
  return (
    <section className="to-check" aria-labelledby="to-check-title">
      <h3 id="to-check-title" className="to-check-title">
        {intl.formatMessage(m.toCheckTitle, { count: items.length })}
      </h3>
      <ul className="to-check-list">
        {items.slice(0, clientSettings.sessionStripShown.value).map((item) => (
          <li key={item.id} className="to-check-item">
            <ul className="to-check-candidates">
              {item.candidates.slice(0, offered).map((candidate) => (
                <li key={candidate.printingId}>
                  <button
                    type="button"
                    className="to-check-candidate"
                    aria-label={intl.formatMessage(m.toCheckPick, { name: candidate.cardName, set: candidate.setName, number: candidate.number })}
                    onClick={() => onPick(item, candidate)}
                  >
                    <img className="to-check-image" src={cardImageUrl(candidate.imageUrl)} alt="" loading="lazy" />
                    <span className="to-check-name">{candidate.cardName}</span>
                    <span className="muted to-check-facts">
                      {candidate.setName} {candidate.number} · {scoreText(candidate.score)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="button secondary to-check-dismiss"
              aria-label={intl.formatMessage(m.toCheckDismissLabel, { name: item.candidates[0]?.cardName ?? '' })}
              onClick={() => onDismiss(item)}
            >
              {intl.formatMessage(m.toCheckDismiss)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
