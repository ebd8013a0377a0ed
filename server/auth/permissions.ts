import type { TokenUser } from './token-verifier.ts';

// Keycloak gives every user these; they say nothing about what the user may do here.
const builtIn = /^(default-roles-.*|offline_access|uma_authorization)$/;

/** Dotted roles (e.g. iam.debug.admin) are permissions; the other roles are the user's profiles. */
export function permissionsOf(user: TokenUser): { profiles: string[]; permissions: string[] } {
  const roles = [...new Set([...user.realmRoles, ...user.clientRoles])].filter((role) => !builtIn.test(role));
  return {
    profiles: roles.filter((role) => !role.includes('.')),
    permissions: roles.filter((role) => role.includes('.')),
  };
}
