import { ErrorResponse, UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import type { createStore } from 'jotai';
import { authActionsAtom, authAtom, signedOut, type AuthUser } from '../state/auth.ts';
import { applyDarkMode, darkModeAtom } from '../state/dark-mode.ts';
import { localeAtom, toLocale } from '../state/locale.ts';
import type { AuthConfig } from './auth-config.ts';
import { isSignInCallback, withoutCallbackParams } from './auth-callback-url.ts';
import { thirdPartyCookiesBlocked } from './auth-third-party-cookies.ts';
import type { Profile } from './profile-api.ts';
import { currencyPreferenceAtom } from './price.ts';

type Store = ReturnType<typeof createStore>;

// Spec section 9: the app checks every 30 s and renews when under 60 s of validity remain.
export const refreshIntervalMs = 30_000;
export const minValiditySeconds = 60;
const storedStateMaxAgeSeconds = 60 * 60;

export interface AuthSessionOptions {
  config: AuthConfig;
  store: Store;
  fetchProfile: () => Promise<Profile>;
}

interface SignInState {
  returnTo?: string;
}

function decodePayload(token: string): Record<string, unknown> {
  try {
    const part = token.split('.')[1] ?? '';
    const binary = atob(part.replaceAll('-', '+').replaceAll('_', '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function toAuthUser(user: User): AuthUser {
  const claims = decodePayload(user.access_token);
  const roles = (claims.realm_access as { roles?: unknown } | undefined)?.roles;
  return {
    username: String(user.profile.preferred_username ?? claims.preferred_username ?? ''),
    name: typeof user.profile.name === 'string' ? user.profile.name : undefined,
    subject: user.profile.sub,
    realmRoles: Array.isArray(roles) ? roles.map(String) : [],
  };
}

function currentPath(): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** A safe in-app path to come back to; anything else falls back to Scan. */
function localPath(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

async function discovery(authority: string): Promise<Record<string, unknown> | undefined> {
  try {
    const response = await fetch(`${authority}/.well-known/openid-configuration`);
    return response.ok ? ((await response.json()) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The sign-in layer (spec section 4): oidc-client-ts with code + PKCE S256 and response mode
 * fragment, a silent single-sign-on check at start, periodic refresh, and the state in jotai.
 */
export function createAuthSession({ config, store, fetchProfile }: AuthSessionOptions) {
  let manager: UserManager | undefined;
  let user: User | null = null;
  let renewing: Promise<void> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  const origin = location.origin;

  const uiLocale = () => store.get(localeAtom);

  async function applyProfile() {
    try {
      const profile = await fetchProfile();
      store.set(authAtom, { ...store.get(authAtom), profiles: profile.profiles, permissions: profile.permissions });
      if (profile.language !== undefined) {
        const locale = toLocale(profile.language);
        if (locale) store.set(localeAtom, locale);
        else console.warn(`Ignoring the profile language '${profile.language}': only en and fr are supported`);
      }
      if (profile.currency !== undefined) store.set(currencyPreferenceAtom, profile.currency ?? 'auto');
      if (profile.darkmode !== undefined) {
        store.set(darkModeAtom, profile.darkmode);
        applyDarkMode(document.documentElement, profile.darkmode);
      }
    } catch (error) {
      console.warn('Could not load the profile', error);
    }
  }

  async function signedIn(next: User) {
    user = next;
    store.set(authAtom, { ready: true, authenticated: true, user: toAuthUser(next), profiles: [], permissions: [] });
    await applyProfile();
  }

  async function clear() {
    user = null;
    await manager?.removeUser();
    store.set(authAtom, { ...signedOut, ready: true });
    if (config.mode === 'login-required') await signIn(currentPath());
  }

  async function signIn(returnTo: string) {
    if (!manager) throw new Error('Sign-in is not available');
    const state: SignInState = { returnTo: localPath(returnTo) };
    await manager.signinRedirect({ state, ui_locales: uiLocale() });
  }

  async function signOut() {
    if (!manager) return;
    const idToken = user?.id_token;
    await manager.removeUser();
    user = null;
    store.set(authAtom, { ...signedOut, ready: true });
    await manager.signoutRedirect({ id_token_hint: idToken, post_logout_redirect_uri: `${origin}/`, extraQueryParams: { ui_locales: uiLocale() } });
  }

  /** One refresh at a time; a refused refresh (HTTP 400: expired or revoked) signs the user out. */
  function renew(): Promise<void> {
    renewing ??= (async () => {
      try {
        const next = await manager!.signinSilent();
        if (next) user = next;
      } catch (error) {
        console.warn('Failed to refresh token', error);
        if (error instanceof ErrorResponse) await clear();
      } finally {
        renewing = undefined;
      }
    })();
    return renewing;
  }

  /** The API's token source: waits for a refresh when under the minimum validity. */
  async function accessToken(): Promise<string | undefined> {
    if (!user) return undefined;
    if ((user.expires_in ?? 0) < minValiditySeconds) await renew();
    return user?.access_token;
  }

  async function start(): Promise<void> {
    store.set(authAtom, { ...store.get(authAtom), ready: false });
    try {
      const blocked = await thirdPartyCookiesBlocked(config.authority);
      if (blocked) console.warn('Third-party cookies are blocked: silent sign-in and session-change detection are off');
      const metadata = await discovery(config.authority);
      manager = new UserManager({
        authority: config.authority,
        client_id: config.clientId,
        redirect_uri: `${origin}/`,
        silent_redirect_uri: `${origin}/silent-check-sso.html`,
        post_logout_redirect_uri: `${origin}/`,
        response_type: 'code',
        response_mode: 'fragment',
        scope: 'openid profile email',
        loadUserInfo: false,
        automaticSilentRenew: false,
        monitorSession: !blocked && typeof metadata?.check_session_iframe === 'string',
        staleStateAgeInSeconds: storedStateMaxAgeSeconds,
        userStore: new WebStorageStateStore({ store: sessionStorage }),
        ...(metadata ? { metadata } : {}),
      });
      manager.events.addUserSessionChanged(() => void clear());
      manager.events.addUserSignedOut(() => void clear());
      store.set(authActionsAtom, { signIn, signOut });

      let found: User | null = null;
      if (isSignInCallback(location.href)) {
        try {
          found = await manager.signinRedirectCallback(location.href);
          history.replaceState(history.state, '', localPath((found.state as SignInState | undefined)?.returnTo));
        } catch (error) {
          console.warn('Sign-in failed', error);
          history.replaceState(history.state, '', withoutCallbackParams(location.href));
        }
      } else {
        found = await manager.getUser();
        if (found && (found.expires_in ?? 0) < minValiditySeconds) {
          user = found;
          await renew();
          found = user;
        }
        if (!found && !blocked) {
          found = await manager.signinSilent().catch(() => null);
        }
      }
      if (found) await signedIn(found);
      else {
        store.set(authAtom, { ...signedOut, ready: true });
        if (config.mode === 'login-required') await signIn(currentPath());
      }
      timer = setInterval(() => {
        if (user && (user.expires_in ?? 0) < minValiditySeconds) void renew();
      }, refreshIntervalMs);
    } catch (error) {
      console.warn('Sign-in could not start', error);
      store.set(authAtom, { ...signedOut, ready: true });
    }
  }

  return {
    start,
    accessToken,
    stop: () => clearInterval(timer),
  };
}
