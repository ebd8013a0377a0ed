import type { AccountDirectory } from './account-directory.ts';

export interface KeycloakAdminOptions {
  /** Keycloak's base address, e.g. https://sso.example.org */
  url: string;
  realm: string;
  /** A confidential client of the realm with the realm-management role manage-users. */
  adminClientId: string;
  adminClientSecret: string;
  /** The app's public client: the set-password email links back to it. */
  appClientId: string;
  publicUrl: string;
  fetch?: typeof fetch;
}

class KeycloakAdminError extends Error {}

/**
 * Registration through Keycloak's admin REST API: a client-credentials token, `POST /users`, then
 * `PUT /users/{id}/execute-actions-email` with UPDATE_PASSWORD so Keycloak mails the link itself.
 */
export function createKeycloakAccountDirectory(options: KeycloakAdminOptions): AccountDirectory {
  const http = options.fetch ?? fetch;
  const realmBase = `${options.url}/realms/${encodeURIComponent(options.realm)}`;
  const adminBase = `${options.url}/admin/realms/${encodeURIComponent(options.realm)}`;

  async function adminToken(): Promise<string> {
    const response = await http(`${realmBase}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: options.adminClientId, client_secret: options.adminClientSecret }),
    });
    if (!response.ok) throw new KeycloakAdminError(`Keycloak refused the admin client (HTTP ${response.status})`);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  return {
    async register(account) {
      const token = await adminToken();
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const created = await http(`${adminBase}/users`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          username: account.email,
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          enabled: true,
          emailVerified: false,
          attributes: { locale: [account.language] },
        }),
      });
      if (created.status === 409) return undefined;
      if (!created.ok) throw new KeycloakAdminError(`Keycloak could not create the user (HTTP ${created.status})`);
      const id = created.headers.get('location')?.split('/').pop();
      if (!id) throw new KeycloakAdminError('Keycloak created the user without answering its address');
      const query = new URLSearchParams({ client_id: options.appClientId, redirect_uri: `${options.publicUrl}/login`, lifespan: String(24 * 3600) });
      const mailed = await http(`${adminBase}/users/${encodeURIComponent(id)}/execute-actions-email?${query}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify(['UPDATE_PASSWORD']),
      });
      if (!mailed.ok) throw new KeycloakAdminError(`Keycloak could not send the set-password email (HTTP ${mailed.status})`);
      return { subject: id };
    },
  };
}
