import { defineMessages } from '../../../i18n/define-messages.ts';

export const ownedMessages = defineMessages({
  youHave: { id: 'collection.youHave', defaultMessage: 'You have {count, number}' },
});
