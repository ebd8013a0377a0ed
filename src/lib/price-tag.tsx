import { useIntl } from 'react-intl';
import './price.css';
import { formatMoney, formatPriceDate, useCurrency, type Price } from './price.ts';
import { priceMessages } from './price-messages.ts';

/**
 * A printing's price in the collector's currency with the day the source gave it, or "No price".
 * `price` may be missing on answers from a server without prices.
 */
export function PriceTag({ price, className = 'price-tag' }: { price: Price | null | undefined; className?: string }) {
  const intl = useIntl();
  const currency = useCurrency();
  const quote = price?.[currency];
  if (!quote) {
    return <span className={`${className} no-price`}>{intl.formatMessage(priceMessages.noPrice)}</span>;
  }
  return (
    <span className={className}>
      <data className="price-amount" value={String(quote.amount)}>
        {formatMoney(intl, quote.amount, currency)}
      </data>
      {quote.updated && (
        <>
          {' '}
          <span className="price-date muted">{intl.formatMessage(priceMessages.updated, { date: formatPriceDate(intl, quote.updated) })}</span>
        </>
      )}
    </span>
  );
}
