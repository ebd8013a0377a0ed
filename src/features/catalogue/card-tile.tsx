import { useId } from 'react';
import { useIntl } from 'react-intl';
import { cardImageUrl } from '../../lib/catalogue-images.ts';
import type { Card } from '../../lib/catalogue-types.ts';
import { catalogueMessages } from '../../components/catalogue-messages.ts';
import { collectionMessages } from '../collection/index.ts';
import { FallbackImage } from '../../components/fallback-image.tsx';
import { variantName } from '../../components/variant-name.ts';

const maxTypesShown = 3;

export function CardTile({ card, onDetails, owned }: { card: Card; onDetails: (card: Card) => void; owned?: number }) {
  const intl = useIntl();
  const nameId = useId();
  return (
    <li className={owned ? 'card-tile owned' : 'card-tile'}>
      <div className="card-image-frame">
        <FallbackImage className="card-image" src={cardImageUrl(card.image)} alt="" placeholder={intl.formatMessage(catalogueMessages.noImage)} />
      </div>
      <div className="card-tile-body">
        <div className="card-tile-heading">
          <h2 id={nameId} className="card-tile-name">
            {card.name}
          </h2>
          {card.hp !== undefined && <span className="hp-badge">{intl.formatMessage(catalogueMessages.hp, { hp: card.hp })}</span>}
        </div>
        <p className="card-tile-set">
          <span>{card.set.name}</span> <span className="muted">{intl.formatMessage(catalogueMessages.localId, { localId: card.localId })}</span>
        </p>
        <p className="card-tile-meta">
          {card.rarity && <span>{card.rarity}</span>}
          <span>{variantName(intl, card.variant)}</span>
          <span className="language-badge">{card.set.language.toUpperCase()}</span>
          {owned !== undefined && owned > 0 && <span className="owned-badge">{intl.formatMessage(collectionMessages.owned, { quantity: owned })}</span>}
        </p>
        {card.types.length > 0 && (
          <ul className="type-list" aria-label={intl.formatMessage(catalogueMessages.types)}>
            {card.types.slice(0, maxTypesShown).map((type) => (
              <li key={type} className="type-chip">
                {type}
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="button secondary card-tile-details" aria-describedby={nameId} onClick={() => onDetails(card)}>
          {intl.formatMessage(catalogueMessages.details)}
        </button>
      </div>
    </li>
  );
}
