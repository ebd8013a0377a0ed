import type { SignInMode } from './auth-mode.ts';

export interface AuthConfig {
  url: string;
  realm: string;
  clientId: string;
  /** The provider's issuer: `{url}/realms/{realm}` for Keycloak, or a generic provider's. */
  authority: string;
  mode: SignInMode;
}

/** GET /config (spec section 7): the identity provider settings the server hands the app. */
export async function fetchAuthConfig(configUrl: string, http: typeof fetch = fetch): Promise<AuthConfig> {
  const response = await http(configUrl, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error('Failed to fetch config');
  const body = (await response.json()) as Partial<AuthConfig>;
  const authority = body.authority ?? `${body.url}/realms/${body.realm}`;
  return {
    url: body.url ?? '',
    realm: body.realm ?? '',
    clientId: body.clientId ?? '',
    authority,
    mode: body.mode === 'login-required' ? 'login-required' : 'check-sso',
  };
}
