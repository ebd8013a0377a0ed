import type { IntlShape } from 'react-intl';
import { debugMessages as m } from './debug-messages.ts';

/** The text drawn over a box: its class and confidence. */
export function boxLabel(intl: IntlShape, cls: number, conf: number): string {
  return intl.formatMessage(m.boxLabel, { cls, confidence: intl.formatNumber(conf, { style: 'percent', maximumFractionDigits: 0 }) });
}
