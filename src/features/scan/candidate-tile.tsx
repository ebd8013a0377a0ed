import { useState } from 'react';
import { useIntl } from 'react-intl';
import { CandidateMenu } from './candidate-menu.tsx';
import { AddToCollectionButton, OwnedCount, type AddedEntry } from '../collection/index.ts';
import { cardImageUrl } from '../../lib/catalogue-images.ts';
import { variantName } from '../../components/variant-name.ts';
import type { ScanCandidate } from '../../lib/scan-candidate.ts';
import { PriceTag } from '../../lib/price-tag.tsx';
import { scanMessages as m } from './scan-messages.ts';

/** Score as a percentage with one decimal, in the reader's language ('87.3%', '87,3 %'). */
export function useScoreText() {
  const intl = useIntl();
  return (score: number) => intl.formatNumber(score / 100, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

export interface CandidateTileProps {
  candidate: ScanCandidate;
  featured: boolean;
  onAdded?: (entry: AddedEntry) => void;
  /** Copies of this printing the collector owns; undefined for a visitor. */
  owned?: number;
}

export function CandidateTile({ candidate, featured, onAdded, owned }: CandidateTileProps) {
  const intl = useIntl();
  const scoreText = useScoreText();
  const [imageFailed, setImageFailed] = useState(false);
  const Heading = featured ? 'h3' : 'h4';
  return (
    <article className={featured ? 'candidate featured' : 'candidate'} data-printing-id={candidate.printingId}>
      {imageFailed ? (
        <div className="candidate-image placeholder" aria-hidden="true" />
      ) : (
        <img className="candidate-image" src={cardImageUrl(candidate.imageUrl)} alt={candidate.cardName} loading="lazy" onError={() => setImageFailed(true)} />
      )}
      <div className="candidate-body">
        <div className="candidate-title">
          <Heading className="candidate-name">{candidate.cardName}</Heading>
          <CandidateMenu candidate={candidate} />
        </div>
        <p className="candidate-score">{intl.formatMessage(m.score, { score: scoreText(candidate.score) })}</p>
        {candidate.printingNotInCatalogue && <p className="candidate-printing-note">{intl.formatMessage(m.printingNotInCatalogue)}</p>}
        <p className="candidate-price">
          <PriceTag price={candidate.price} />
        </p>
        <OwnedCount count={owned} />
        <dl className="candidate-facts">
          <dd className="candidate-set">{candidate.setName}</dd>
          <dd className="candidate-number">{intl.formatMessage(m.number, { number: candidate.number })}</dd>
          <dd className="candidate-variant">{variantName(intl, candidate.variant)}</dd>
          <dd className="candidate-language">{candidate.language.toUpperCase()}</dd>
        </dl>
        <div className="candidate-actions">
          <AddToCollectionButton printingId={candidate.printingId} name={candidate.cardName} className={featured ? 'button' : 'button secondary'} onAdded={onAdded} />
        </div>
      </div>
    </article>
  );
}
