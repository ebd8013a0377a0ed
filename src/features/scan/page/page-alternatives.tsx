import { useIntl } from 'react-intl';
import { OwnedCount } from '../../collection/index.ts';
import { cardImageUrl } from '../../../lib/catalogue-images.ts';
import { PriceTag } from '../../../lib/price-tag.tsx';
import { useScoreText } from '../candidate-tile.tsx';
import { shownAlternatives } from '../results-panel.tsx';
import { scanMessages } from '../scan-messages.ts';
import type { PageCardView } from './page-card-view.ts';
import { pageMessages as m } from './page-messages.ts';

export interface PageAlternativesProps {
  card: PageCardView;
  owned: ReadonlyMap<string, number> | undefined;
  onChoose: (printingId: string) => void;
  onClose: () => void;
}

/** The candidates of one card of the page, the one it stands for marked: one tap makes another its match. */
export function PageAlternatives({ card, owned, onChoose, onClose }: PageAlternativesProps) {
  const intl = useIntl();
  const scoreText = useScoreText();
  const titleId = `page-alternatives-${card.index}`;
  return (
    <section className="page-alternatives" aria-labelledby={titleId}>
      <h3 id={titleId}>{intl.formatMessage(m.alternativesTitle, { index: card.index })}</h3>
      {card.candidates.length === 0 ? (
        <p>{intl.formatMessage(scanMessages.noMatchAdvice)}</p>
      ) : (
        <ul className="page-alternative-list">
          {card.candidates.slice(0, 1 + shownAlternatives).map((candidate) => {
            const current = candidate.printingId === card.choice?.printingId;
            return (
              <li key={candidate.printingId} className={current ? 'page-alternative current' : 'page-alternative'}>
                <img className="page-alternative-image" src={cardImageUrl(candidate.imageUrl)} alt="" loading="lazy" />
                <div className="page-alternative-body">
                  <strong>{candidate.cardName}</strong>
                  <span className="muted">
                    {candidate.setName} {intl.formatMessage(scanMessages.number, { number: candidate.number })} · {intl.formatMessage(scanMessages.score, { score: scoreText(candidate.score) })}
                  </span>
                  <PriceTag price={candidate.price} />
                  <OwnedCount count={owned?.get(candidate.printingId)} />
                </div>
                <button
                  type="button"
                  className={current ? 'button' : 'button secondary'}
                  aria-pressed={current}
                  aria-label={intl.formatMessage(m.chooseLabel, { index: card.index, name: candidate.cardName, set: candidate.setName, number: candidate.number })}
                  onClick={() => onChoose(candidate.printingId)}
                >
                  {intl.formatMessage(m.choose)}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className="button secondary page-alternatives-close" onClick={onClose}>
        {intl.formatMessage(m.close)}
      </button>
    </section>
  );
}
