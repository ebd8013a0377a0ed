import { useIntl } from 'react-intl';
import { ownedMessages as m } from './owned-messages.ts';
import './owned.css';

/** "You have 2": the copies of a printing the collector owns; nothing for none or for a visitor. */
export function OwnedCount({ count, className = 'owned-count' }: { count: number | undefined; className?: string }) {
  const intl = useIntl();
  if (!count) return null;
  return <p className={className}>{intl.formatMessage(m.youHave, { count })}</p>;
}
