import type { ComponentType } from 'react';
import type { RouteName } from './route-table.ts';

type ScreenModule = Promise<{ default: ComponentType }>;

/** Each screen is its own chunk, loaded when its route is first visited. */
export const screens: Record<RouteName, () => ScreenModule> = {
  Scan: () => import('../features/scan/scan-page.tsx'),
  Cards: () => import('../features/catalogue/cards-page.tsx'),
  Sets: () => import('../features/catalogue/sets-page.tsx'),
  SetDetails: () => import('../features/catalogue/set-details-page.tsx'),
  Collection: () => import('../features/collection/collection-page.tsx'),
  Debug: () => import('../features/debug/debug-page.tsx'),
  Profile: () => import('../features/profile/profile-page.tsx'),
  Login: () => import('../features/auth/login-page.tsx'),
  Register: () => import('../features/auth/register-page.tsx'),
  NotFound: () => import('./not-found-page.tsx'),
};
