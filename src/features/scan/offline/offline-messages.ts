import { defineMessages } from '../../../i18n/define-messages.ts';

/** What the Scan screen says of the scans taken with no network. */
export const offlineMessages = defineMessages({
  queuedOffline: {
    id: 'scan.offline.queuedOffline',
    defaultMessage: 'Offline: {count, plural, one {# scan queued} other {# scans queued}}. They will be identified when the network is back.',
  },
  queuedOnline: {
    id: 'scan.offline.queuedOnline',
    defaultMessage: '{count, plural, one {# scan taken offline is} other {# scans taken offline are}} waiting to be identified.',
  },
  toastQueued: { id: 'scan.offline.toastQueued', defaultMessage: 'Queued: it will be identified when the network is back' },
  listTitle: { id: 'scan.offline.listTitle', defaultMessage: 'Scans taken offline' },
  takenAt: { id: 'scan.offline.takenAt', defaultMessage: 'Taken at {time}' },
  photoAlt: { id: 'scan.offline.photoAlt', defaultMessage: 'Photo taken at {time}' },
  waiting: { id: 'scan.offline.waiting', defaultMessage: 'Waiting for the network' },
  noMatch: { id: 'scan.offline.noMatch', defaultMessage: 'No match' },
  refused: { id: 'scan.offline.refused', defaultMessage: 'Not identified: {reason}' },
  added: { id: 'scan.offline.added', defaultMessage: 'Added to your collection' },
  addFailed: { id: 'scan.offline.addFailed', defaultMessage: 'Not added to your collection: add it from its matches' },
  showMatches: { id: 'scan.offline.showMatches', defaultMessage: 'Show matches' },
  hideMatches: { id: 'scan.offline.hideMatches', defaultMessage: 'Hide matches' },
  dismiss: { id: 'scan.offline.dismiss', defaultMessage: 'Dismiss' },
  dismissLabel: { id: 'scan.offline.dismissLabel', defaultMessage: 'Dismiss the scan taken at {time}' },
});
