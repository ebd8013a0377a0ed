import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';
import { catalogueMessages } from './catalogue-messages.ts';

/**
 * A list's filter and sort fields. On a phone they fold behind a button that counts the active
 * filters, so the list starts near the top of the screen; wider screens always show them.
 */
export function FilterPanel({ activeCount, children }: { activeCount: number; children: ReactNode }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const fieldsId = useId();
  return (
    <section className={open ? 'filter-panel open' : 'filter-panel'} aria-label={intl.formatMessage(commonMessages.filters)}>
      <button type="button" className="filter-toggle" aria-expanded={open} aria-controls={fieldsId} onClick={() => setOpen((value) => !value)}>
        <span>{intl.formatMessage(commonMessages.filters)}</span>
        {activeCount > 0 && (
          <span className="filter-count">
            <span aria-hidden="true">{activeCount}</span>
            <span className="visually-hidden">{intl.formatMessage(catalogueMessages.activeFilters, { count: activeCount })}</span>
          </span>
        )}
        <span className="filter-toggle-chevron" aria-hidden="true">
          ▾
        </span>
      </button>
      <div id={fieldsId} className="filter-fields">
        {children}
      </div>
    </section>
  );
}
