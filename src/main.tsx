import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createStore } from 'jotai';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { createAppRoutes } from './app/app-routes.tsx';
import { api, setAccessTokenSource } from './lib/api.ts';
import { appEnv } from './lib/app-env.ts';
import { isSignInCallback } from './lib/auth-callback-url.ts';
import { fetchAuthConfig } from './lib/auth-config.ts';
import { createAuthSession } from './lib/auth-session.ts';
import { fetchProfile } from './lib/profile-api.ts';
import { authAtom } from './state/auth.ts';
import { applyDarkMode, darkModeAtom } from './state/dark-mode.ts';

const store = createStore();
// Before the first paint, so a dark-mode user never sees a white flash.
applyDarkMode(document.documentElement, store.get(darkModeAtom));
// Navigation waits until the sign-in check has answered.
store.set(authAtom, { ...store.get(authAtom), ready: false });

async function loadPermissions() {
  const profile = await fetchProfile(api);
  store.set(authAtom, { ...store.get(authAtom), profiles: profile.profiles, permissions: profile.permissions });
  return profile.permissions;
}

async function startSignIn(): Promise<void> {
  try {
    const config = await fetchAuthConfig(new URL(appEnv.configPath, `${appEnv.apiBaseUrl}/`).toString());
    const session = createAuthSession({ config, store, fetchProfile: () => fetchProfile(api) });
    setAccessTokenSource(session.accessToken);
    await session.start();
  } catch (error) {
    console.warn('Sign-in could not start', error);
    store.set(authAtom, { ...store.get(authAtom), ready: true, authenticated: false });
    // Opened with no network, the app could not read how to sign in; back online it starts again,
    // and the provider's session signs the collector in (scans taken meanwhile reach the collection).
    if (!navigator.onLine) window.addEventListener('online', () => void startSignIn(), { once: true });
  }
}

function render() {
  const router = createBrowserRouter(createAppRoutes({ store, loadPermissions }));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// Back from the provider: finish signing in first, so the router starts on the page the user asked for.
if (isSignInCallback(location.href)) {
  void startSignIn().finally(render);
} else {
  render();
  void startSignIn();
}
