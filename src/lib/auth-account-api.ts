import type { ApiClient } from './api-client.ts';
import { toCurrency, type Currency } from './price.ts';

export interface ProfileForm {
  firstName: string;
  lastName: string;
  language: string;
  timezone: string;
  darkmode: boolean;
  /** Prices in EUR or USD; null follows the language. */
  currency?: Currency | null;
}

export interface RegistrationForm extends ProfileForm {
  email: string;
}

export const languageLength = 2;

/** Spec section 5: the language is exactly two characters. */
export function isValidLanguage(language: string): boolean {
  return language.trim().length === languageLength;
}

export async function fetchProfileForm(api: ApiClient): Promise<ProfileForm> {
  const body = await api.get<Partial<ProfileForm> & { content?: Partial<ProfileForm> }>('/v1/auth/profile');
  const profile = body?.content ?? body ?? {};
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    language: profile.language ?? 'en',
    timezone: profile.timezone ?? '',
    darkmode: profile.darkmode ?? false,
    currency: toCurrency(profile.currency) ?? null,
  };
}

export async function saveProfile(api: ApiClient, form: ProfileForm): Promise<void> {
  await api.put('/v1/auth/profile', { json: { ...form, language: form.language.trim() } });
}

export async function registerAccount(api: ApiClient, form: RegistrationForm): Promise<void> {
  await api.post('/v1/auth/register', { json: { ...form, email: form.email.trim() } });
}
