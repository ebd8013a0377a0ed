import { persistedPreference } from './persisted-preference.ts';

export const supportedLocales = ['en', 'fr'] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = 'en';

/** Lower-cases and accepts only a supported locale; anything else is undefined. */
export function toLocale(value: string): Locale | undefined {
  const lower = value.trim().toLowerCase();
  return (supportedLocales as readonly string[]).includes(lower) ? (lower as Locale) : undefined;
}

export const localeAtom = persistedPreference<Locale>('locale', defaultLocale, toLocale, (locale) => locale);
