export type RouteName = 'Scan' | 'Cards' | 'Sets' | 'SetDetails' | 'Collection' | 'Debug' | 'Profile' | 'Login' | 'Register' | 'NotFound';

export interface RouteMeta {
  /** Public routes are open to everyone; every other route needs a signed-in user. */
  public?: boolean;
  /** Closed to signed-in users, who are sent to Scan instead. */
  guestOnly?: boolean;
  /** Every one of these permissions is required. */
  permissions?: readonly string[];
}

export interface AppRouteDefinition {
  path: string;
  name: RouteName;
  meta: RouteMeta;
}

export const debugPermission = 'iam.debug.admin';

/** The one route table of the app (spec section 2). */
export const routeTable: readonly AppRouteDefinition[] = [
  { path: '/', name: 'Scan', meta: { public: true } },
  { path: '/cards', name: 'Cards', meta: { public: true } },
  { path: '/sets', name: 'Sets', meta: { public: true } },
  { path: '/sets/:id', name: 'SetDetails', meta: { public: true } },
  { path: '/collection', name: 'Collection', meta: {} },
  { path: '/debug', name: 'Debug', meta: { permissions: [debugPermission] } },
  { path: '/profile', name: 'Profile', meta: {} },
  { path: '/login', name: 'Login', meta: { public: true, guestOnly: true } },
  { path: '/register', name: 'Register', meta: { public: true, guestOnly: true } },
  { path: '*', name: 'NotFound', meta: { public: true } },
];

export const fallbackPath = '/';
