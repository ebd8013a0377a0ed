import type { MessageFormatElement } from 'react-intl';
import type { Locale } from '../state/locale.ts';
import en from './compiled/en.json';
import fr from './compiled/fr.json';

/** Messages are precompiled by `npm run i18n:compile`, so the app ships no message parser. */
export const messagesByLocale: Record<Locale, Record<string, MessageFormatElement[]>> = {
  en: en as Record<string, MessageFormatElement[]>,
  fr: fr as Record<string, MessageFormatElement[]>,
};
