import { describe, expect, test } from 'vitest';
import { routeTable } from './route-table.ts';

// Spec section 2, "Routes": path, name, access, permissions; and the collector's own cards.
const expected = [
  { path: '/', name: 'Scan', access: 'public', permissions: [] },
  { path: '/cards', name: 'Cards', access: 'public', permissions: [] },
  { path: '/sets', name: 'Sets', access: 'public', permissions: [] },
  { path: '/sets/:id', name: 'SetDetails', access: 'public', permissions: [] },
  { path: '/collection', name: 'Collection', access: 'private', permissions: [] },
  { path: '/debug', name: 'Debug', access: 'private', permissions: ['iam.debug.admin'] },
  { path: '/profile', name: 'Profile', access: 'private', permissions: [] },
  { path: '/login', name: 'Login', access: 'guest', permissions: [] },
  { path: '/register', name: 'Register', access: 'guest', permissions: [] },
  { path: '*', name: 'NotFound', access: 'public', permissions: [] },
];

describe('route table', () => {
  test('has exactly the routes of the specification', () => {
    const actual = routeTable.map(({ path, name, meta }) => ({
      path,
      name,
      access: meta.guestOnly ? 'guest' : meta.public ? 'public' : 'private',
      permissions: [...(meta.permissions ?? [])],
    }));
    expect(actual).toEqual(expected);
  });

  test('login and register are public but closed to signed-in users', () => {
    for (const name of ['Login', 'Register']) {
      const route = routeTable.find((candidate) => candidate.name === name);
      expect(route?.meta).toMatchObject({ public: true, guestOnly: true });
    }
  });
});
