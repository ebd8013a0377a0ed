import type { IntlShape } from 'react-intl';
import { variantMessages } from './catalogue-messages.ts';

/** A variant the app knows is translated; a new one from the catalogue is shown as the API names it. */
export function variantName(intl: IntlShape, variant: string): string {
  const message = variantMessages[variant as keyof typeof variantMessages];
  return message ? intl.formatMessage(message) : variant;
}
