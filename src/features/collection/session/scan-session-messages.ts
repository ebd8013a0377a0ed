import { defineMessages } from '../../../i18n/define-messages.ts';

export const scanSessionMessages = defineMessages({
  switchLabel: { id: 'scan.session.switch', defaultMessage: 'Add each scan to my collection' },
  switchHint: { id: 'scan.session.switchHint', defaultMessage: 'A sure match is added as soon as it is shown, in Near Mint. Undo it here.' },
  count: { id: 'scan.session.count', defaultMessage: '{count, plural, =0 {No cards added yet in this session} one {# card added in this session} other {# cards added in this session}}' },
  stripLabel: { id: 'scan.session.stripLabel', defaultMessage: 'Cards added in this session' },
  undo: { id: 'scan.session.undo', defaultMessage: 'Undo' },
  undoLabel: { id: 'scan.session.undoLabel', defaultMessage: 'Undo adding {name}' },
  undone: { id: 'scan.session.undone', defaultMessage: 'Taken back: {name}' },
  undoFailed: { id: 'scan.session.undoFailed', defaultMessage: 'Could not undo: {reason}' },
  autoAdded: { id: 'scan.session.autoAdded', defaultMessage: 'Added to your collection: {name}' },
  autoAddFailed: { id: 'scan.session.autoAddFailed', defaultMessage: 'Could not add {name}: {reason}' },
  uncertain: { id: 'scan.session.uncertain', defaultMessage: 'Not sure which card this is, so it was not added. Pick it from the matches below.' },
  addedNote: { id: 'scan.session.addedNote', defaultMessage: 'Added to your collection. Take Another for the next card.' },
});
