import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';

/** Placeholders shaped like the tiles they stand for, so the layout does not jump when the list arrives. */
export function SkeletonTiles({ count = 6, variant = 'card' }: { count?: number; variant?: 'card' | 'set' }) {
  const intl = useIntl();
  return (
    <div className={`tile-grid ${variant}-grid`} role="status" aria-busy="true">
      <span className="visually-hidden">{intl.formatMessage(commonMessages.loading)}</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={`skeleton-tile ${variant}-skeleton`} data-testid="skeleton-tile" aria-hidden="true">
          <span className="skeleton-block skeleton-image" />
          <span className="skeleton-block skeleton-line" />
          <span className="skeleton-block skeleton-line short" />
        </div>
      ))}
    </div>
  );
}
