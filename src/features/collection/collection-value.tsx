import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { LazyAmountChart } from '../../lib/lazy-amount-chart.tsx';
import { formatMoney, type Currency } from '../../lib/price.ts';
import { useApiGet } from '../../lib/use-api-get.ts';
import type { CollectionValue } from './collection-api.ts';
import { conditionMessages } from './collection-messages.ts';
import { collectionValueMessages as m } from './collection-value-messages.ts';

/**
 * What the collection is worth in the collector's currency: the total, each set's share, the most
 * valuable cards and the value over time. `version` changes when the collection does.
 */
export function CollectionValueSection({ currency, version }: { currency: Currency; version: number }) {
  const value = useApiGet<CollectionValue>('v1/collection/value', { currency });
  const { retry } = value;
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    retry();
  }, [version, retry]);
  // While a change is counted again, the last figures stay rather than the section blinking out.
  const [last, setLast] = useState<CollectionValue>();
  if (value.status === 'ready' && value.data !== last) setLast(value.data);
  if (value.status === 'error') return <LoadError error={value.error} onRetry={value.retry} />;
  const shown = value.status === 'ready' ? value.data : last;
  return shown ? <CollectionValueView value={shown} /> : null;
}

/** The collection's worth as the value route answers it; nothing for an empty collection. */
export function CollectionValueView({ value }: { value: CollectionValue }) {
  const intl = useIntl();
  const { currency, total, priced, unpriced, sets, top, history } = value;
  const money = (amount: number) => formatMoney(intl, amount, currency);
  if (priced + unpriced === 0) return null;
  return (
    <section className="collection-value" aria-labelledby="collection-value-title">
      <h2 id="collection-value-title">{intl.formatMessage(m.title)}</h2>
      <p className="collection-value-total">{intl.formatMessage(m.total, { amount: money(total) })}</p>
      <p className="muted">{priced === 0 ? intl.formatMessage(m.none) : intl.formatMessage(m.counts, { priced, unpriced })}</p>
      <div className="collection-value-grid">
        {sets.length > 0 && (
          <div>
            <h3>{intl.formatMessage(m.bySet)}</h3>
            <ul className="value-list" aria-label={intl.formatMessage(m.bySet)}>
              {sets.map((set) => (
                <li key={set.setId}>
                  <Link to={`/sets/${encodeURIComponent(set.setId)}`}>{set.setName}</Link> <span className="value-amount">{money(set.value)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        {top.length > 0 && (
          <div>
            <h3>{intl.formatMessage(m.top)}</h3>
            <ol className="value-list" aria-label={intl.formatMessage(m.top)}>
              {top.map((entry) => (
                <li key={entry.id}>
                  <span>
                    {intl.formatMessage(m.topEntry, { name: entry.card.name, quantity: entry.quantity })}{' '}
                    <span className="muted">
                      {entry.card.set.name} · {intl.formatMessage(conditionMessages[entry.condition])}
                    </span>
                  </span>{' '}
                  <span className="value-amount">{entry.value == null ? '' : money(entry.value)}</span>
                </li>
              ))}
            </ol>
          </div>
        )}
      </div>
      <LazyAmountChart
        title={intl.formatMessage(m.history)}
        points={history.map((point) => ({ date: point.date, amount: point.value }))}
        currency={currency}
        emptyText={intl.formatMessage(m.historyEmpty)}
      />
    </section>
  );
}
