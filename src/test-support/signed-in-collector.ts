import { getDefaultStore } from 'jotai';
import { inject } from 'vitest';
import { setAccessTokenSource } from '../lib/api.ts';
import { authActionsAtom, authAtom, signedOut, type AuthActions } from '../state/auth.ts';
import { clearToastsAtom } from '../state/toasts.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Provided by scripts/browser-test-api.ts. */
    collectorTokens: string[];
  }
}

/**
 * Signs the screens in as one of the collectors the browser tests' API knows (each starts with an
 * empty collection). Slots are fixed per test so no two tests, in any file, share a collection.
 * Answers the collector's own API caller, to set up and read back cards as the server has them.
 */
export function signInCollector(slot: number) {
  const token = inject('collectorTokens')[slot];
  if (!token) throw new Error(`No collector token in slot ${slot}`);
  const store = getDefaultStore();
  store.set(authAtom, { ready: true, authenticated: true, user: { username: `collector-${slot}`, subject: `browser-collector-${slot + 1}`, realmRoles: [] }, profiles: [], permissions: [] });
  setAccessTokenSource(() => token);
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(path, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
  return {
    add: (printingId: string, extra: { condition?: string; quantity?: number } = {}) => call('/v1/collection', { method: 'POST', body: JSON.stringify({ printingId, ...extra }) }),
    entries: async () =>
      (await call<{ content: Array<{ printingId: string; condition: string; quantity: number }> }>('/v1/collection?size=100&order_by=id')).content.map(
        ({ printingId, condition, quantity }) => ({ printingId, condition, quantity }),
      ),
  };
}

/** Back to a visitor: no token, signed out, sign-in recorded rather than followed, no toasts left over. */
export function signOutCollector(signIn: AuthActions['signIn'] = async () => undefined) {
  const store = getDefaultStore();
  store.set(authAtom, signedOut);
  store.set(authActionsAtom, { signIn, signOut: async () => undefined });
  store.set(clearToastsAtom);
  setAccessTokenSource(() => undefined);
}
