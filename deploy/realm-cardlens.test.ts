import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { readConfig } from '../server/env.ts';

// Keycloak imports this file at its first start (`start --import-realm`); a mistake shows only on a
// self-hoster's machine, so its parts are checked here against Keycloak's RealmRepresentation and the
// server's own defaults.
interface Client {
  clientId: string;
  publicClient: boolean;
  standardFlowEnabled?: boolean;
  implicitFlowEnabled?: boolean;
  directAccessGrantsEnabled?: boolean;
  serviceAccountsEnabled?: boolean;
  secret?: string;
  redirectUris?: string[];
  webOrigins?: string[];
  attributes?: Record<string, string>;
  protocolMappers?: Array<{ protocolMapper: string; config: Record<string, string> }>;
}
interface User {
  username: string;
  enabled: boolean;
  serviceAccountClientId?: string;
  realmRoles?: string[];
  clientRoles?: Record<string, string[]>;
  credentials?: Array<{ type: string; value: string; temporary: boolean }>;
  requiredActions?: string[];
}
interface Realm {
  realm: string;
  enabled: boolean;
  roles: { realm: Array<{ name: string }> };
  clients: Client[];
  users: User[];
}

const text = readFileSync(new URL('./realm-cardlens.json', import.meta.url), 'utf8');
const realm = JSON.parse(text) as Realm;
const defaults = readConfig({ OIDC_URL: 'https://login.example.org' }).identity;
const client = (id: string) => realm.clients.find((candidate) => candidate.clientId === id)!;

test('the realm and the app client are the names the server expects by default', () => {
  expect(realm.realm).toBe(defaults.realm);
  expect(realm.enabled).toBe(true);
  expect(client(defaults.clientId)).toBeDefined();
});

test('the app client is public, code flow only, PKCE S256, redirecting only to PUBLIC_URL', () => {
  const app = client(defaults.clientId);
  expect(app).toMatchObject({ publicClient: true, standardFlowEnabled: true, implicitFlowEnabled: false, directAccessGrantsEnabled: false });
  expect(app.attributes?.['pkce.code.challenge.method']).toBe('S256');
  expect(app.redirectUris).toEqual(['${CARDLENS_PUBLIC_URL}/*']);
  expect(app.webOrigins).toEqual(['${CARDLENS_PUBLIC_URL}']);
});

test("the app client's access tokens carry the API audience", () => {
  const audience = client(defaults.clientId).protocolMappers?.find((mapper) => mapper.protocolMapper === 'oidc-audience-mapper');
  expect(audience?.config).toMatchObject({ 'included.custom.audience': defaults.audience, 'access.token.claim': 'true' });
});

test('the debug permission is a realm role held by the administrator only', () => {
  expect(realm.roles.realm.map((role) => role.name)).toContain('iam.debug.admin');
  const holders = realm.users.filter((user) => user.realmRoles?.includes('iam.debug.admin')).map((user) => user.username);
  expect(holders).toEqual(['admin@cardlens.localhost']);
});

test('registration has a confidential client whose service account may manage users', () => {
  const registration = client('card-lens-registration');
  expect(registration).toMatchObject({ publicClient: false, serviceAccountsEnabled: true, standardFlowEnabled: false });
  expect(registration.secret).toBe('${CARDLENS_REGISTRATION_CLIENT_SECRET}');
  const account = realm.users.find((user) => user.serviceAccountClientId === 'card-lens-registration');
  expect(account?.clientRoles?.['realm-management']).toContain('manage-users');
});

test('no person can sign in with a password from this file: each must choose one, or is disabled', () => {
  for (const user of realm.users.filter((candidate) => candidate.serviceAccountClientId === undefined)) {
    const mustChange = user.requiredActions?.includes('UPDATE_PASSWORD') && user.credentials?.every((credential) => credential.temporary);
    expect(mustChange || !user.enabled, user.username).toBe(true);
    for (const credential of user.credentials ?? []) expect(credential.value, user.username).toMatch(/^\$\{[A-Z_]+\}$/);
  }
});

test('every placeholder of the realm file is given by the compose file', () => {
  const compose = readFileSync(new URL('./compose.yaml', import.meta.url), 'utf8');
  const placeholders = new Set([...text.matchAll(/\$\{([A-Z_]+)\}/g)].map((match) => match[1]!));
  expect(placeholders.size).toBeGreaterThan(0);
  for (const name of placeholders) expect(compose, name).toMatch(new RegExp(`^\\s+${name}:`, 'm'));
});
