import type { RouteMeta } from './route-table.ts';
import { fallbackPath } from './route-table.ts';

export interface GuardAuth {
  ready: boolean;
  authenticated: boolean;
  permissions: readonly string[];
}

export type GuardDecision =
  | { kind: 'allow' }
  /** Send the visitor to the identity provider, coming back to `returnTo` afterwards. */
  | { kind: 'sign-in'; returnTo: string }
  | { kind: 'redirect'; to: string };

export interface GuardInput {
  meta: RouteMeta;
  /** Path, query and hash the visitor asked for. */
  fullPath: string;
  /** Current sign-in state; read again after every wait. */
  auth: () => GuardAuth;
  /** Fetches the profile and answers its permissions; may throw. */
  loadPermissions: () => Promise<readonly string[]>;
  sleep?: (ms: number) => Promise<void>;
}

export const readinessPollMs = 100;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function whenReady(auth: () => GuardAuth, sleep: (ms: number) => Promise<void>): Promise<GuardAuth> {
  let state = auth();
  while (!state.ready) {
    await sleep(readinessPollMs);
    state = auth();
  }
  return state;
}

/** Decides whether a navigation may proceed (spec section 2, route guard rules). */
export async function guardRoute({ meta, fullPath, auth, loadPermissions, sleep = defaultSleep }: GuardInput): Promise<GuardDecision> {
  const state = await whenReady(auth, sleep);
  if (meta.guestOnly && state.authenticated) return { kind: 'redirect', to: fallbackPath };
  if (meta.public) return { kind: 'allow' };
  if (!state.authenticated) return { kind: 'sign-in', returnTo: fullPath };

  const required = meta.permissions ?? [];
  if (required.length === 0) return { kind: 'allow' };
  let held = state.permissions;
  if (held.length === 0) {
    try {
      held = await loadPermissions();
    } catch {
      return { kind: 'redirect', to: fallbackPath };
    }
  }
  return required.every((permission) => held.includes(permission)) ? { kind: 'allow' } : { kind: 'redirect', to: fallbackPath };
}
