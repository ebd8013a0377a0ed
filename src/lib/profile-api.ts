import type { ApiClient } from './api-client.ts';
import { toCurrency, type Currency } from './price.ts';

export interface Profile {
  language?: string;
  darkmode?: boolean;
  /** null follows the language; undefined from a server that has no such preference. */
  currency?: Currency | null;
  profiles: string[];
  permissions: string[];
}

/** GET /v1/auth/profile; the body may come wrapped in a `content` field. */
export async function fetchProfile(api: ApiClient): Promise<Profile> {
  const body = await api.get<Partial<Profile> & { content?: Partial<Profile> }>('/v1/auth/profile');
  const profile = body?.content ?? body ?? {};
  return {
    language: typeof profile.language === 'string' ? profile.language : undefined,
    darkmode: typeof profile.darkmode === 'boolean' ? profile.darkmode : undefined,
    currency: profile.currency === null ? null : toCurrency(profile.currency),
    profiles: Array.isArray(profile.profiles) ? profile.profiles.map(String) : [],
    permissions: Array.isArray(profile.permissions) ? profile.permissions.map(String) : [],
  };
}
