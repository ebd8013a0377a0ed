import { describe, expect, test } from 'vitest';
import { createKeycloakAccountDirectory } from './keycloak-account-directory.ts';

interface Call {
  method: string;
  url: string;
  body: string;
  authorization: string | undefined;
}

function fakeKeycloak(answers: { create: number }) {
  const calls: Call[] = [];
  const fetchFake = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ method: init?.method ?? 'GET', url, body: String(init?.body ?? ''), authorization: headers.authorization });
    if (url.endsWith('/protocol/openid-connect/token')) return Response.json({ access_token: 'admin-token' });
    if (url.endsWith('/users')) {
      return new Response(null, { status: answers.create, headers: answers.create === 201 ? { location: 'https://sso.example.org/admin/realms/cardlens/users/u-42' } : {} });
    }
    return new Response(null, { status: 204 });
  }) as typeof fetch;
  const directory = createKeycloakAccountDirectory({
    url: 'https://sso.example.org',
    realm: 'cardlens',
    adminClientId: 'card-lens-admin',
    adminClientSecret: 'secret',
    appClientId: 'card-lens-app',
    publicUrl: 'https://cards.example.org',
    fetch: fetchFake,
  });
  return { directory, calls };
}

const account = { email: 'nina@example.org', firstName: 'Nina', lastName: 'N', language: 'fr' };

describe('registration through Keycloak', () => {
  test('creates the user, then asks Keycloak to email the set-password action', async () => {
    const { directory, calls } = fakeKeycloak({ create: 201 });
    expect(await directory.register(account)).toEqual({ subject: 'u-42' });
    expect(calls.map((call) => `${call.method} ${call.url.split('?')[0]}`)).toEqual([
      'POST https://sso.example.org/realms/cardlens/protocol/openid-connect/token',
      'POST https://sso.example.org/admin/realms/cardlens/users',
      'PUT https://sso.example.org/admin/realms/cardlens/users/u-42/execute-actions-email',
    ]);
    expect(new URLSearchParams(calls[0]!.body).get('grant_type')).toBe('client_credentials');
    expect(JSON.parse(calls[1]!.body)).toMatchObject({ username: 'nina@example.org', email: 'nina@example.org', enabled: true, attributes: { locale: ['fr'] } });
    expect(calls[1]!.authorization).toBe('Bearer admin-token');
    expect(JSON.parse(calls[2]!.body)).toEqual(['UPDATE_PASSWORD']);
    expect(new URL(calls[2]!.url).searchParams.get('client_id')).toBe('card-lens-app');
  });

  test('a taken email is reported, not thrown', async () => {
    const { directory } = fakeKeycloak({ create: 409 });
    expect(await directory.register(account)).toBeUndefined();
  });
});
