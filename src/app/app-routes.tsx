import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { createStore } from 'jotai';
import { authActionsAtom, authAtom } from '../state/auth.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { guardRoute } from './route-guard.ts';
import { fallbackPath, routeTable, type AppRouteDefinition } from './route-table.ts';
import { screens } from './screens.ts';

export interface RouteServices {
  store: ReturnType<typeof createStore>;
  /** Fetches the profile and answers its permissions (also storing them). */
  loadPermissions: () => Promise<readonly string[]>;
}

function guardLoader(definition: AppRouteDefinition, { store, loadPermissions }: RouteServices) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const decision = await guardRoute({
      meta: definition.meta,
      fullPath: `${url.pathname}${url.search}${url.hash}`,
      auth: () => store.get(authAtom),
      loadPermissions,
    });
    if (decision.kind === 'allow') return null;
    if (decision.kind === 'redirect') throw redirect(decision.to);
    try {
      await store.get(authActionsAtom).signIn(decision.returnTo);
    } catch {
      throw redirect(fallbackPath);
    }
    // The browser is leaving for the identity provider: keep the current screen until it does.
    return new Promise<never>(() => undefined);
  };
}

export function createAppRoutes(services: RouteServices): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      hydrateFallbackElement: <PageLoading />,
      children: routeTable.map((definition) => ({
        id: definition.name,
        path: definition.path,
        handle: definition,
        loader: guardLoader(definition, services),
        lazy: async () => ({ Component: (await screens[definition.name]()).default }),
      })),
    },
  ];
}
