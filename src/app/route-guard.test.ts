import { describe, expect, test, vi } from 'vitest';
import { guardRoute, readinessPollMs, type GuardAuth } from './route-guard.ts';
import type { RouteMeta } from './route-table.ts';

const signedOut: GuardAuth = { ready: true, authenticated: false, permissions: [] };
const signedIn: GuardAuth = { ready: true, authenticated: true, permissions: [] };
const debugMeta: RouteMeta = { permissions: ['iam.debug.admin'] };

function guard(meta: RouteMeta, auth: GuardAuth, loadPermissions = vi.fn(async () => [] as string[])) {
  return guardRoute({ meta, fullPath: '/profile?tab=prefs#lang', auth: () => auth, loadPermissions, sleep: async () => undefined });
}

describe('route guard', () => {
  test('a route is private unless its meta marks it public', async () => {
    expect(await guard({}, signedOut)).toEqual({ kind: 'sign-in', returnTo: '/profile?tab=prefs#lang' });
    expect(await guard({ public: true }, signedOut)).toEqual({ kind: 'allow' });
  });

  test('an unauthenticated visitor is sent to sign in and returns to the full requested path', async () => {
    const decision = await guard({}, signedOut);
    expect(decision).toEqual({ kind: 'sign-in', returnTo: '/profile?tab=prefs#lang' });
  });

  test('a signed-in user is allowed on a private route without permissions', async () => {
    expect(await guard({}, signedIn)).toEqual({ kind: 'allow' });
  });

  test('a signed-in user opening Login or Register is redirected to Scan', async () => {
    expect(await guard({ public: true, guestOnly: true }, signedIn)).toEqual({ kind: 'redirect', to: '/' });
    expect(await guard({ public: true, guestOnly: true }, signedOut)).toEqual({ kind: 'allow' });
  });

  test('every listed permission is required', async () => {
    const meta: RouteMeta = { permissions: ['a', 'b'] };
    expect(await guard(meta, { ...signedIn, permissions: ['a', 'b', 'c'] })).toEqual({ kind: 'allow' });
    expect(await guard(meta, { ...signedIn, permissions: ['a'] })).toEqual({ kind: 'redirect', to: '/' });
  });

  test('with no permissions loaded, the profile is fetched first', async () => {
    const load = vi.fn(async () => ['iam.debug.admin']);
    expect(await guard(debugMeta, signedIn, load)).toEqual({ kind: 'allow' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('permissions already loaded are not fetched again', async () => {
    const load = vi.fn(async () => [] as string[]);
    expect(await guard(debugMeta, { ...signedIn, permissions: ['iam.debug.admin'] }, load)).toEqual({ kind: 'allow' });
    expect(load).not.toHaveBeenCalled();
  });

  test('a failed profile fetch redirects to Scan', async () => {
    const load = vi.fn(async () => {
      throw new Error('offline');
    });
    expect(await guard(debugMeta, signedIn, load)).toEqual({ kind: 'redirect', to: '/' });
  });

  test('a missing permission after the fetch redirects to Scan', async () => {
    expect(await guard(debugMeta, signedIn, vi.fn(async () => ['other']))).toEqual({ kind: 'redirect', to: '/' });
  });

  test('navigation waits for the sign-in check, polling every 100 ms', async () => {
    let polls = 0;
    const sleep = vi.fn(async (ms: number) => {
      expect(ms).toBe(readinessPollMs);
      polls += 1;
    });
    const auth = () => (polls < 3 ? { ...signedIn, ready: false } : signedIn);
    const decision = await guardRoute({ meta: {}, fullPath: '/profile', auth, loadPermissions: async () => [], sleep });
    expect(readinessPollMs).toBe(100);
    expect(sleep).toHaveBeenCalledTimes(3);
    expect(decision).toEqual({ kind: 'allow' });
  });
});
