import { defineMessages } from '../../../i18n/define-messages.ts';

export const continuousMessages = defineMessages({
  switchLabel: { id: 'scan.continuous.switch', defaultMessage: 'Continuous' },
  switchHint: { id: 'scan.continuous.switchHint', defaultMessage: 'Takes the photo by itself each time a new card is held in the frame.' },
  sessionHint: { id: 'scan.continuous.sessionHint', defaultMessage: 'Continuous: hold each card in the frame, then the next. No tap needed.' },
  identifying: { id: 'scan.continuous.identifying', defaultMessage: 'Identifying…' },
  found: { id: 'scan.continuous.found', defaultMessage: '{name}' },
  unsure: { id: 'scan.continuous.unsure', defaultMessage: 'Not sure: {name}?' },
  addedNote: { id: 'scan.continuous.addedNote', defaultMessage: 'Added to your collection. Show the next card.' },
  uncertainNote: { id: 'scan.continuous.uncertainNote', defaultMessage: 'Not sure which card this is, so it waits in To check. Show the next card.' },
  toCheckTitle: { id: 'scan.continuous.toCheckTitle', defaultMessage: 'To check ({count})' },
  toCheckPick: { id: 'scan.continuous.toCheckPick', defaultMessage: 'Add {name}, {set} {number}' },
  toCheckDismiss: { id: 'scan.continuous.toCheckDismiss', defaultMessage: 'Dismiss' },
  toCheckDismissLabel: { id: 'scan.continuous.toCheckDismissLabel', defaultMessage: 'Dismiss the scan that may be {name}' },
});
