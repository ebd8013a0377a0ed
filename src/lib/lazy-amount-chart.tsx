import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import type { AmountChartProps } from './amount-chart.tsx';
import { priceMessages } from './price-messages.ts';
import './price.css';

const AmountChart = lazy(() => import('./amount-chart.tsx'));

/**
 * The amount chart, fetched with its chart library the first time one has points to draw; with no
 * points it says so without loading anything.
 */
export function LazyAmountChart(props: AmountChartProps & { emptyText?: string }) {
  const intl = useIntl();
  if (props.points.length === 0) {
    return (
      <figure className="amount-chart amount-chart-empty">
        <figcaption className="amount-chart-title">{props.title}</figcaption>
        <p className="muted">{props.emptyText ?? intl.formatMessage(priceMessages.chartEmpty)}</p>
      </figure>
    );
  }
  return (
    <Suspense fallback={<p className="amount-chart muted">{intl.formatMessage(priceMessages.chartLoading)}</p>}>
      <AmountChart {...props} />
    </Suspense>
  );
}
