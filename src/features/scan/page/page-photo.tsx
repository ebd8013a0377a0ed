import { useIntl } from 'react-intl';
import type { PageScan } from './page-scan.ts';
import { pageMessages as m } from './page-messages.ts';
import type { PageCardView } from './page-card-view.ts';

export interface PagePhotoProps {
  page: PageScan;
  cards: PageCardView[];
  selected: number | null;
  onSelect: (index: number) => void;
}

const percent = (value: number, of: number) => `${(value / of) * 100}%`;

/**
 * The photo as sent, each card outlined where the server found it and named on it. Tapping a card
 * opens its alternatives; the list below the photo does the same for keyboards and screen readers.
 */
export function PagePhoto({ page, cards, selected, onSelect }: PagePhotoProps) {
  const intl = useIntl();
  return (
    <figure className="page-photo" style={{ aspectRatio: `${page.width} / ${page.height}`, ['--page-aspect' as string]: page.width / page.height }} aria-label={intl.formatMessage(m.photoLabel)}>
      <img className="page-photo-image" src={page.photoUrl} alt="" />
      <svg className="page-photo-outlines" viewBox={`0 0 ${page.width} ${page.height}`} preserveAspectRatio="none" aria-hidden="true">
        {cards.map((card) => (
          <polygon
            key={card.index}
            className={`page-outline ${card.sure ? 'sure' : 'unsure'}${selected === card.index ? ' selected' : ''}`}
            points={card.quad.map(([x, y]) => `${x},${y}`).join(' ')}
            vectorEffect="non-scaling-stroke"
            onClick={() => onSelect(card.index)}
          />
        ))}
      </svg>
      <div className="page-photo-labels" aria-hidden="true">
        {cards.map((card) => {
          const xs = card.quad.map(([x]) => x);
          const ys = card.quad.map(([, y]) => y);
          const width = Math.max(...xs) - Math.min(...xs);
          const centreX = xs.reduce((sum, x) => sum + x, 0) / 4;
          const centreY = ys.reduce((sum, y) => sum + y, 0) / 4;
          return (
            <span
              key={card.index}
              className={`page-label ${card.sure ? 'sure' : 'unsure'}${selected === card.index ? ' selected' : ''}`}
              style={{ left: percent(centreX, page.width), top: percent(centreY, page.height), maxWidth: percent(width, page.width) }}
              data-card={card.index}
              onClick={() => onSelect(card.index)}
            >
              {card.index}. {card.choice?.cardName ?? intl.formatMessage(m.noMatch)}
              {!card.sure && ' ?'}
            </span>
          );
        })}
      </div>
    </figure>
  );
}
