import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { cardImageUrl } from '../../lib/catalogue-images.ts';
import type { Card } from '../../lib/catalogue-types.ts';
import { AddToCollectionButton, OwnedCount, useOwnedCounts } from '../collection/index.ts';
import { BottomSheet } from '../../components/bottom-sheet.tsx';
import { catalogueMessages } from '../../components/catalogue-messages.ts';
import { FallbackImage } from '../../components/fallback-image.tsx';
import { variantName } from '../../components/variant-name.ts';
import { LazyAmountChart } from '../../lib/lazy-amount-chart.tsx';
import { useCurrency, type Currency, type PricePoint } from '../../lib/price.ts';
import { priceMessages } from '../../lib/price-messages.ts';
import { PriceTag } from '../../lib/price-tag.tsx';
import { useApiGet } from '../../lib/use-api-get.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The printing's price over the last months, in the collector's currency; nothing while it loads or if it cannot. */
function PriceHistory({ cardId, currency }: { cardId: string; currency: Currency }) {
  const intl = useIntl();
  const history = useApiGet<{ currency: Currency; points: PricePoint[] }>(`v1/cards/${encodeURIComponent(cardId)}/price-history`, { currency });
  if (history.status !== 'ready') return null;
  return <LazyAmountChart title={intl.formatMessage(priceMessages.historyTitle)} points={history.data.points} currency={currency} />;
}

/** Everything the catalogue knows about one printing, over the list it was picked from. */
export function CardDetailSheet({ card, onClose, addOpen = false }: { card: Card; onClose: () => void; addOpen?: boolean }) {
  const intl = useIntl();
  const unknown = intl.formatMessage(catalogueMessages.unknown);
  const currency = useCurrency();
  const owned = useOwnedCounts([card.id]);
  return (
    <BottomSheet title={card.name} onClose={onClose}>
      <div className="card-detail">
        <div className="card-image-frame card-detail-image">
          <FallbackImage className="card-image" src={cardImageUrl(card.image)} alt={card.name} placeholder={intl.formatMessage(catalogueMessages.noImage)} />
        </div>
        <div className="card-detail-facts">
          <AddToCollectionButton printingId={card.id} name={card.name} className="button" initiallyOpen={addOpen} />
          <OwnedCount count={owned?.get(card.id)} />
          <dl className="facts">
            <Fact label={intl.formatMessage(priceMessages.priceLabel)}>
              <PriceTag price={card.price} />
            </Fact>
            <Fact label={intl.formatMessage(catalogueMessages.set)}>
              {intl.formatMessage(catalogueMessages.setCode, { name: card.set.name, code: card.set.code })}
            </Fact>
            <Fact label={intl.formatMessage(catalogueMessages.number)}>{intl.formatMessage(catalogueMessages.localId, { localId: card.localId })}</Fact>
            <Fact label={intl.formatMessage(catalogueMessages.variant)}>{variantName(intl, card.variant)}</Fact>
            <Fact label={intl.formatMessage(catalogueMessages.rarity)}>{card.rarity ?? unknown}</Fact>
            <Fact label={intl.formatMessage(catalogueMessages.types)}>{card.types.length > 0 ? card.types.join(', ') : unknown}</Fact>
            <Fact label={intl.formatMessage(catalogueMessages.illustrator)}>{card.illustrator ?? unknown}</Fact>
            {card.hp !== undefined && <Fact label={intl.formatMessage(catalogueMessages.hpLabel)}>{card.hp}</Fact>}
          </dl>
          <PriceHistory cardId={card.id} currency={currency} />
          <h3 className="attacks-title">{intl.formatMessage(catalogueMessages.attacks)}</h3>
          {card.attacks.length === 0 ? (
            <p className="muted">{intl.formatMessage(catalogueMessages.noAttacks)}</p>
          ) : (
            <ul className="attack-list">
              {card.attacks.map((attack, index) => (
                <li key={`${attack.name}-${index}`} className="attack">
                  <div className="attack-heading">
                    <strong>{attack.name}</strong>
                    {attack.damage && <span className="attack-damage">{attack.damage}</span>}
                  </div>
                  {attack.text && <p>{attack.text}</p>}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </BottomSheet>
  );
}
