import { useIntl } from 'react-intl';
import { debugMessages as m } from './debug-messages.ts';
import { sparklinePoints } from './rolling-history.ts';

const width = 240;
const height = 48;

/** Total frame time of the recent frames as a small line chart; the top is the slowest frame shown. */
export function TimingsSparkline({ values }: { values: readonly number[] }) {
  const intl = useIntl();
  const max = Math.max(1, ...values);
  const label = intl.formatMessage(m.timingsChart, {
    count: values.length,
    max: intl.formatMessage(m.milliseconds, { ms: intl.formatNumber(max, { maximumFractionDigits: 0 }) }),
  });
  return (
    <figure className="debug-sparkline">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} preserveAspectRatio="none">
        <line x1="0" y1={height} x2={width} y2={height} className="debug-sparkline-axis" />
        <polyline points={sparklinePoints(values, width, height, max)} className="debug-sparkline-line" />
      </svg>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
