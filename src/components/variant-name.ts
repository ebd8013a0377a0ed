import type { IntlShape } from 'react-intl';
import { defineMessages } from '../i18n/define-messages.ts';

/** The catalogue's variants by name: the Scan results and the catalogue show them alike. */
export const variantMessages = defineMessages({
  normal: { id: 'catalogue.variantName.normal', defaultMessage: 'Normal' },
  reverse: { id: 'catalogue.variantName.reverse', defaultMessage: 'Reverse holo' },
  holo: { id: 'catalogue.variantName.holo', defaultMessage: 'Holo' },
  firstEdition: { id: 'catalogue.variantName.firstEdition', defaultMessage: '1st edition' },
  wPromo: { id: 'catalogue.variantName.wPromo', defaultMessage: 'W promo' },
});

/** A variant the app knows is translated; a new one from the catalogue is shown as the API names it. */
export function variantName(intl: IntlShape, variant: string): string {
  const message = variantMessages[variant as keyof typeof variantMessages];
  return message ? intl.formatMessage(message) : variant;
}
