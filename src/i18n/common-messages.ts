import { defineMessages } from './define-messages.ts';

export const commonMessages = defineMessages({
  prev: { id: 'common.prev', defaultMessage: 'Prev' },
  next: { id: 'common.next', defaultMessage: 'Next' },
  page: { id: 'common.page', defaultMessage: 'Page {current} / {total}' },
  loading: { id: 'common.loading', defaultMessage: 'Loading...' },
  filters: { id: 'common.filters', defaultMessage: 'Filters' },
  back: { id: 'common.back', defaultMessage: 'Back' },
  any: { id: 'common.any', defaultMessage: 'Any' },
  close: { id: 'common.close', defaultMessage: 'Close' },
  retry: { id: 'common.retry', defaultMessage: 'Retry' },
  loadFailed: { id: 'common.loadFailed', defaultMessage: 'Could not load this list: {reason}' },
});
