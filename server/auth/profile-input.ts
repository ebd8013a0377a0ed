import { holdsControlCharacter } from '../control-characters.ts';
import { HttpError } from '../http-error.ts';
import type { StoredProfile } from './profile-repository.ts';

export const languageMessage = 'Language must be exactly 2 characters (e.g., en, fr)';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function refuseControlCharacter(value: unknown, label: string): void {
  if (typeof value === 'string' && holdsControlCharacter(value)) throw new HttpError(400, `${label} holds a control character`, { code: 'control_character' });
}

function requiredName(value: unknown, label: string, field: 'first_name' | 'last_name'): string {
  if (typeof value !== 'string' || value.trim() === '') throw new HttpError(400, `${label} is required`, { code: `${field}_required` });
  refuseControlCharacter(value, label);
  if (value.trim().length > 100) throw new HttpError(400, `${label} must be at most 100 characters`, { code: `${field}_too_long` });
  return value.trim();
}

function body(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new HttpError(400, 'The request body must be a JSON object', { code: 'body_invalid' });
  return raw as Record<string, unknown>;
}

/** The profile form (spec section 3); every invalid field answers 400 with a message naming it. */
export function readProfileInput(raw: unknown): StoredProfile {
  const input = body(raw);
  const firstName = requiredName(input.firstName, 'First name', 'first_name');
  const lastName = requiredName(input.lastName, 'Last name', 'last_name');
  refuseControlCharacter(input.language, 'Language');
  if (typeof input.language !== 'string' || input.language.length !== 2) throw new HttpError(400, languageMessage, { code: 'language_invalid' });
  const timezone = input.timezone ?? '';
  refuseControlCharacter(timezone, 'Timezone');
  if (typeof timezone !== 'string' || timezone.length > 64 || (timezone !== '' && !isTimeZone(timezone))) {
    throw new HttpError(400, 'Timezone must be an IANA time zone name (e.g., Europe/Paris)', { code: 'timezone_invalid' });
  }
  const darkmode = input.darkmode ?? false;
  if (typeof darkmode !== 'boolean') throw new HttpError(400, 'Dark mode must be true or false', { code: 'darkmode_invalid' });
  const currency = input.currency;
  if (currency !== undefined && currency !== null && currency !== 'EUR' && currency !== 'USD') {
    throw new HttpError(400, 'Currency must be EUR, USD or null (follow the language)', { code: 'currency_invalid' });
  }
  return { firstName, lastName, language: input.language.toLowerCase(), timezone, darkmode, ...(currency === undefined ? {} : { currency }) };
}

/** The registration form: the profile fields plus an email. */
export function readRegistrationInput(raw: unknown): StoredProfile & { email: string } {
  const input = body(raw);
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  if (email === '') throw new HttpError(400, 'Email is required', { code: 'email_required' });
  refuseControlCharacter(email, 'Email');
  if (email.length > 254 || !emailPattern.test(email)) throw new HttpError(400, 'Email must be a valid address', { code: 'email_invalid' });
  return { ...readProfileInput(input), email };
}
