import { createStore } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from 'vitest-browser-react';
import { authActionsAtom, authAtom, signedOut, type AuthActions, type AuthState } from '../state/auth.ts';
import { AppProviders } from './app-providers.tsx';
import { createAppRoutes } from './app-routes.tsx';

export interface RenderAppOptions {
  path?: string;
  auth?: Partial<AuthState>;
  actions?: Partial<AuthActions>;
  loadPermissions?: () => Promise<readonly string[]>;
}

/** Renders the whole app (providers, route table, guard, layout) at a path, as the browser would. */
export async function renderApp({ path = '/', auth = {}, actions = {}, loadPermissions = async () => [] }: RenderAppOptions = {}) {
  const store = createStore();
  store.set(authAtom, { ...signedOut, ...auth });
  store.set(authActionsAtom, { signIn: async () => undefined, signOut: async () => undefined, ...actions });
  const router = createMemoryRouter(createAppRoutes({ store, loadPermissions }), { initialEntries: [path] });
  const screen = await render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { screen, router, store };
}
