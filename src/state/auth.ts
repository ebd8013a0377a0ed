import { atom } from 'jotai';

export interface AuthUser {
  username: string;
  name?: string;
  subject: string;
  realmRoles: string[];
}

export interface AuthState {
  /** The sign-in check has finished (signed in or not); navigation waits for it. */
  ready: boolean;
  authenticated: boolean;
  user: AuthUser | undefined;
  profiles: string[];
  /** Permission strings from the profile; empty until the profile is loaded. */
  permissions: string[];
}

export const signedOut: AuthState = { ready: true, authenticated: false, user: undefined, profiles: [], permissions: [] };

export const authAtom = atom<AuthState>(signedOut);

export function hasPermission(state: Pick<AuthState, 'permissions'>, permission: string): boolean {
  return state.permissions.includes(permission);
}

export function hasAnyPermission(state: Pick<AuthState, 'permissions'>, permissions: readonly string[]): boolean {
  return permissions.some((permission) => state.permissions.includes(permission));
}

export function hasAllPermissions(state: Pick<AuthState, 'permissions'>, permissions: readonly string[]): boolean {
  return permissions.every((permission) => state.permissions.includes(permission));
}

export interface AuthActions {
  /** Sends the visitor to the identity provider; they come back to `returnTo`. */
  signIn(returnTo: string): Promise<void>;
  signOut(): Promise<void>;
}

/** Replaced by the sign-in layer once it has started; the default keeps visitors inside the app. */
export const authActionsAtom = atom<AuthActions>({
  signIn: async (returnTo) => {
    globalThis.location.assign(`/login?returnTo=${encodeURIComponent(returnTo)}`);
  },
  signOut: async () => undefined,
});
