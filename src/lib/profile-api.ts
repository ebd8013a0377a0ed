import type { ApiClient } from './api-client.ts';

export interface Profile {
  language?: string;
  darkmode?: boolean;
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
    profiles: Array.isArray(profile.profiles) ? profile.profiles.map(String) : [],
    permissions: Array.isArray(profile.permissions) ? profile.permissions.map(String) : [],
  };
}
