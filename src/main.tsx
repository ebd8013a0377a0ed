import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createStore } from 'jotai';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { createAppRoutes } from './app/app-routes.tsx';
import { api } from './lib/api.ts';
import { fetchProfile } from './lib/profile-api.ts';
import { authAtom } from './state/auth.ts';
import { applyDarkMode, darkModeAtom } from './state/dark-mode.ts';

const store = createStore();
// Before the first paint, so a dark-mode user never sees a white flash.
applyDarkMode(document.documentElement, store.get(darkModeAtom));

async function loadPermissions() {
  const profile = await fetchProfile(api);
  store.set(authAtom, { ...store.get(authAtom), profiles: profile.profiles, permissions: profile.permissions });
  return profile.permissions;
}

const router = createBrowserRouter(createAppRoutes({ store, loadPermissions }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
