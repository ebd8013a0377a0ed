import { useAtomValue } from 'jotai';
import { useIntl, type IntlShape } from 'react-intl';
import { persistedPreference } from '../state/persisted-preference.ts';

/** EUR prices come from Cardmarket, USD prices from TCGplayer. */
export const currencies = ['EUR', 'USD'] as const;
export type Currency = (typeof currencies)[number];

export interface PriceQuote {
  amount: number;
  /** ISO date of the source's last update; a source may leave it out. */
  updated: string | null;
}

/** A printing's price for its finish in each currency; null where no source gives one. */
export type Price = Record<Currency, PriceQuote | null>;

export interface PricePoint {
  date: string;
  amount: number;
}

export function toCurrency(value: unknown): Currency | undefined {
  return typeof value === 'string' && (currencies as readonly string[]).includes(value.toUpperCase()) ? (value.toUpperCase() as Currency) : undefined;
}

/** With no preference the currency follows the language: Cardmarket's euros in French, TCGplayer's dollars in English. */
export function currencyForLocale(locale: string): Currency {
  return locale.toLowerCase().startsWith('fr') ? 'EUR' : 'USD';
}

/** The collector's choice: a currency, or 'auto' to follow the language (the profile's null). */
export type CurrencyPreference = Currency | 'auto';

export const currencyPreferenceAtom = persistedPreference<CurrencyPreference>('currency', 'auto', (raw) => (raw === 'auto' ? 'auto' : toCurrency(raw)), String);

/** The currency prices are shown in on every screen: the collector's choice, else the one of the language shown. */
export function useCurrency(): Currency {
  const preference = useAtomValue(currencyPreferenceAtom);
  const { locale } = useIntl();
  return preference === 'auto' ? currencyForLocale(locale) : preference;
}

export function formatMoney(intl: IntlShape, amount: number, currency: Currency): string {
  return intl.formatNumber(amount, { style: 'currency', currency });
}

/** A day as the API sends it ('2026-11-24' or a full ISO time), read as that calendar day wherever the browser is. */
export function priceDay(value: string): Date {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value;
  return new Date(day);
}

export function formatPriceDate(intl: IntlShape, value: string): string {
  return intl.formatDate(priceDay(value), { dateStyle: 'medium', timeZone: /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'UTC' : undefined });
}
