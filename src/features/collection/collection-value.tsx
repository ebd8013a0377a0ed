import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { LazyAmountChart } from '../../lib/lazy-amount-chart.tsx';
import { formatMoney, type Currency } from '../../lib/price.ts';
import { priceMessages } from '../../lib/price-messages.ts';
import { useApiGet } from '../../lib/use-api-get.ts';
import type { CollectionValue, CollectionValueHistory } from './collection-api.ts';
import { conditionMessages } from './collection-messages.ts';
import { collectionValueMessages as m } from './collection-value-messages.ts';

/**
 * GETs a path again whenever `version` changes; while it is asked again the last answer stays,
 * rather than the section blinking out.
 */
function useFollowedGet<T>(path: string, currency: Currency, version: number) {
  const answer = useApiGet<T>(path, { currency });
  const { retry } = answer;
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    retry();
  }, [version, retry]);
  const [last, setLast] = useState<T>();
  if (answer.status === 'ready' && answer.data !== last) setLast(answer.data);
  return { answer, shown: answer.status === 'ready' ? answer.data : last };
}

/**
 * What the collection is worth in the collector's currency: the total, each set's share, the most
 * valuable cards and the value over time, which comes on its own (it reads the price history).
 * `version` changes when the collection does.
 */
export function CollectionValueSection({ currency, version }: { currency: Currency; version: number }) {
  const value = useFollowedGet<CollectionValue>('v1/collection/value', currency, version);
  const history = useFollowedGet<CollectionValueHistory>('v1/collection/value/history', currency, version);
  if (value.answer.status === 'error') return <LoadError error={value.answer.error} onRetry={value.answer.retry} />;
  if (!value.shown) return null;
  const historyFailed = history.answer.status === 'error' ? history.answer : undefined;
  return (
    <CollectionValueView
      value={value.shown}
      history={history.shown}
      historyFailure={historyFailed && <LoadError error={historyFailed.error} onRetry={historyFailed.retry} />}
    />
  );
}

/** The collection's worth as the value routes answer it; nothing for an empty collection. */
export function CollectionValueView({ value, history, historyFailure }: { value: CollectionValue; history?: CollectionValueHistory; historyFailure?: ReactNode }) {
  const intl = useIntl();
  const { currency, total, priced, unpriced, sets, top } = value;
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
      {historyFailure ??
        (history ? (
          <LazyAmountChart
            title={intl.formatMessage(m.history)}
            points={history.points.map((point) => ({ date: point.date, amount: point.value }))}
            currency={history.currency}
            emptyText={intl.formatMessage(m.historyEmpty)}
          />
        ) : (
          <p className="amount-chart muted">{intl.formatMessage(priceMessages.chartLoading)}</p>
        ))}
    </section>
  );
}
