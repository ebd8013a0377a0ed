import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';
import { defineMessages } from '../i18n/define-messages.ts';

const messages = defineMessages({
  label: { id: 'pager.label', defaultMessage: 'Pages' },
});

interface PagerProps {
  /** Zero-based. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/** Prev, 'Page x / y', Next; nothing at all when everything fits on one page. */
export function Pager({ page, totalPages, onPageChange }: PagerProps) {
  const intl = useIntl();
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={intl.formatMessage(messages.label)}>
      <button type="button" className="button secondary" disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
        {intl.formatMessage(commonMessages.prev)}
      </button>
      <span className="pager-position" aria-live="polite">
        {intl.formatMessage(commonMessages.page, { current: page + 1, total: totalPages })}
      </span>
      <button type="button" className="button secondary" disabled={page >= totalPages - 1} onClick={() => onPageChange(page + 1)}>
        {intl.formatMessage(commonMessages.next)}
      </button>
    </nav>
  );
}
