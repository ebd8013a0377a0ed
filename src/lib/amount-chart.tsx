import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatPriceDate, type Currency, type PricePoint } from './price.ts';
import { priceMessages } from './price-messages.ts';

export interface AmountChartProps {
  /** The chart's name, read by screen readers and shown above it. */
  title: string;
  points: PricePoint[];
  currency: Currency;
}

/**
 * Amounts over time as an area chart drawn with recharts (loaded by the screens that show one, never
 * up front). Its colours follow the theme's CSS variables; the same figures are in a table below it,
 * and a sentence sums them up for screen readers.
 */
export default function AmountChart({ title, points, currency }: AmountChartProps) {
  const intl = useIntl();
  const titleId = useId();
  const money = (amount: number) => formatMoney(intl, amount, currency);
  const day = (date: string) => formatPriceDate(intl, date);
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const summary = intl.formatMessage(priceMessages.chartSummary, { first: money(first.amount), firstDate: day(first.date), last: money(last.amount), lastDate: day(last.date), count: points.length });
  return (
    <figure className="amount-chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="amount-chart-title">
        {title}
      </figcaption>
      <p className="amount-chart-summary muted">{summary}</p>
      <AreaChart className="amount-chart-svg" responsive style={{ width: '100%', height: 180 }} data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title={title} desc={summary}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={day} stroke="var(--muted)" tick={{ fill: 'var(--muted)', fontSize: 12 }} minTickGap={24} />
        <YAxis tickFormatter={money} stroke="var(--muted)" tick={{ fill: 'var(--muted)', fontSize: 12 }} width={72} />
        <Tooltip
          formatter={(value) => money(Number(value))}
          labelFormatter={(label) => day(String(label))}
          contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)' }}
        />
        <Area type="monotone" dataKey="amount" name={intl.formatMessage(priceMessages.chartTableAmount)} stroke="var(--accent)" fill="var(--accent)" fillOpacity={0.15} isAnimationActive={false} />
      </AreaChart>
      <details className="amount-chart-data">
        <summary>{intl.formatMessage(priceMessages.chartShowData)}</summary>
        <table>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(priceMessages.chartTableDate)}</th>
              <th scope="col">{intl.formatMessage(priceMessages.chartTableAmount)}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.date}>
                <td>{day(point.date)}</td>
                <td>{money(point.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
