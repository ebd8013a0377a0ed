import { defineMessages } from '../../i18n/define-messages.ts';

/** Texts about the collector's own cards that several screens show: Scan, the catalogue and the collection. */
export const collectionMessages = defineMessages({
  add: { id: 'collection.add', defaultMessage: 'Add to collection' },
  addTitle: { id: 'collection.addTitle', defaultMessage: 'Add {name} to my collection' },
  signInToAdd: { id: 'collection.signInToAdd', defaultMessage: 'Sign in to add to your collection' },
  finish: { id: 'collection.finish', defaultMessage: 'Finish' },
  condition: { id: 'collection.condition', defaultMessage: 'Condition' },
  quantity: { id: 'collection.quantity', defaultMessage: 'Quantity' },
  confirm: { id: 'collection.confirm', defaultMessage: 'Add {quantity, plural, one {# copy} other {# copies}}' },
  adding: { id: 'collection.adding', defaultMessage: 'Adding...' },
  added: { id: 'collection.added', defaultMessage: 'Added to your collection' },
  addedText: { id: 'collection.addedText', defaultMessage: '{name}, {finish}, {condition}: you now have {quantity}' },
  addFailed: { id: 'collection.addFailed', defaultMessage: 'Could not add this card: {reason}' },
  loadingPrintings: { id: 'collection.loadingPrintings', defaultMessage: 'Loading the finishes of this card...' },
  owned: { id: 'collection.owned', defaultMessage: '{quantity} owned' },
  quantityInvalid: { id: 'collection.quantityInvalid', defaultMessage: 'Enter a whole number from 1 to {max}' },
});

export const conditionMessages = defineMessages({
  near_mint: { id: 'collection.conditionName.nearMint', defaultMessage: 'Near Mint' },
  lightly_played: { id: 'collection.conditionName.lightlyPlayed', defaultMessage: 'Lightly Played' },
  moderately_played: { id: 'collection.conditionName.moderatelyPlayed', defaultMessage: 'Moderately Played' },
  heavily_played: { id: 'collection.conditionName.heavilyPlayed', defaultMessage: 'Heavily Played' },
  damaged: { id: 'collection.conditionName.damaged', defaultMessage: 'Damaged' },
});
