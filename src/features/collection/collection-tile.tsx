import { useId, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { catalogueMessages } from '../../components/catalogue-messages.ts';
import { collectionMessages, conditionMessages } from './collection-messages.ts';
import { FallbackImage } from '../../components/fallback-image.tsx';
import { variantName } from '../../components/variant-name.ts';
import { cardImageUrl } from '../../lib/catalogue-images.ts';
import { changeEntry, maxQuantity, removeEntry, type CollectionEntry, type Condition } from './collection-api.ts';
import { ConditionOptions } from './add/condition-options.tsx';
import { errorText } from '../../lib/error-text.ts';
import { addToastAtom } from '../../state/toasts.ts';
import { collectionPageMessages as m } from './collection-page-messages.ts';
import { collectionValueMessages } from './collection-value-messages.ts';
import { formatMoney, useCurrency } from '../../lib/price.ts';
import { PriceTag } from '../../lib/price-tag.tsx';

/**
 * One owned printing in one condition, shown like a Cards tile, with its price and value, its
 * quantity and condition to change and a way to remove it. `onChanged` tells the screen to recount;
 * `onRemoved` hands over what was removed, so it can be put back.
 */
export function CollectionTile({ entry: initial, onChanged, onRemoved }: { entry: CollectionEntry; onChanged: () => void; onRemoved: (removed?: CollectionEntry) => void }) {
  const intl = useIntl();
  const addToast = useSetAtom(addToastAtom);
  const nameId = useId();
  const [entry, setEntry] = useState(initial);
  const [busy, setBusy] = useState(false);
  const { card } = entry;
  const conditionName = intl.formatMessage(conditionMessages[entry.condition]);
  const currency = useCurrency();
  const quote = card.price?.[currency];

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      addToast({ type: 'error', title: intl.formatMessage(m.changeFailed, { reason: errorText(intl, error) }), duration: 0 });
    } finally {
      setBusy(false);
    }
  };
  const change = (update: { quantity?: number; condition?: Condition }) =>
    run(async () => {
      const changed = await changeEntry(entry.id, update);
      setEntry(changed);
      onChanged();
      // Moving copies to a condition already owned merges two tiles: the list is read again.
      if (changed.id !== entry.id) onRemoved();
    });
  const remove = () =>
    run(async () => {
      const removed = await removeEntry(entry.id);
      onRemoved({ ...entry, ...removed, card: removed?.card ?? entry.card });
    });

  return (
    <li className="card-tile collection-tile" aria-labelledby={nameId}>
      <div className="card-image-frame">
        <FallbackImage className="card-image" src={cardImageUrl(card.image)} alt="" placeholder={intl.formatMessage(catalogueMessages.noImage)} />
        <span className="quantity-badge" aria-hidden="true">
          ×{entry.quantity}
        </span>
      </div>
      <div className="card-tile-body">
        <div className="card-tile-heading">
          <h3 id={nameId} className="card-tile-name">
            {card.name}
          </h3>
        </div>
        <p className="card-tile-set">
          <span>{card.set.name}</span> <span className="muted">{intl.formatMessage(catalogueMessages.localId, { localId: card.localId })}</span>
        </p>
        <p className="card-tile-meta">
          <span>{variantName(intl, card.variant)}</span>
          <span className="language-badge">{card.set.language.toUpperCase()}</span>
          <span className="condition-badge">{conditionName}</span>
        </p>
        <p className="card-tile-meta card-tile-price">
          <PriceTag price={card.price} />
          {quote && entry.quantity > 1 && <span className="entry-value">{intl.formatMessage(collectionValueMessages.entryValue, { amount: formatMoney(intl, quote.amount * entry.quantity, currency) })}</span>}
        </p>
        <p className="card-tile-meta">{intl.formatMessage(m.addedOn, { date: intl.formatDate(entry.addedAt, { dateStyle: 'medium' }) })}</p>
        <div className="entry-controls">
          <div className="quantity-stepper" role="group" aria-label={intl.formatMessage(m.quantityOf, { name: card.name })}>
            <button type="button" className="icon-button" aria-label={intl.formatMessage(m.fewer, { name: card.name })} disabled={busy || entry.quantity <= 1} onClick={() => void change({ quantity: entry.quantity - 1 })}>
              −
            </button>
            <output className="quantity-value" aria-label={intl.formatMessage(collectionMessages.quantity)}>
              {entry.quantity}
            </output>
            <button type="button" className="icon-button" aria-label={intl.formatMessage(m.more, { name: card.name })} disabled={busy || entry.quantity >= maxQuantity} onClick={() => void change({ quantity: entry.quantity + 1 })}>
              +
            </button>
          </div>
          <label className="field compact">
            <span className="visually-hidden">{intl.formatMessage(m.conditionOf, { name: card.name })}</span>
            <select value={entry.condition} disabled={busy} onChange={(event) => void change({ condition: event.target.value as Condition })}>
              <ConditionOptions />
            </select>
          </label>
          <button type="button" className="button secondary" disabled={busy} aria-label={intl.formatMessage(m.removeLabel, { name: card.name, condition: conditionName })} onClick={() => void remove()}>
            {intl.formatMessage(m.remove)}
          </button>
        </div>
      </div>
    </li>
  );
}
