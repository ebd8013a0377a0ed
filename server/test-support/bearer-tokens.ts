import { importJWK, SignJWT, type CryptoKey } from 'jose';
import type { Database } from '../db/open-database.ts';
import { loadSigningKey } from '../identity/signing-key.ts';

export const testIssuer = 'http://localhost:8080/realms/cardlens';
export const testAudience = 'card-lens-api';

/**
 * Access tokens the embedded provider's own key signs, as its token endpoint would issue them, for
 * tests and benches that call the API as several users without going through sign-in pages.
 */
export async function tokenMinter(db: Database, issuer = testIssuer) {
  const jwk = await loadSigningKey(db);
  const key = (await importJWK(jwk, 'RS256')) as CryptoKey;
  return (subject: string, lifetimeSeconds = 3600) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ realm_access: { roles: ['collector'] }, preferred_username: `${subject}@example.org`, sub: subject })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
      .setIssuer(issuer)
      .setAudience(testAudience)
      .setIssuedAt(now - 10)
      .setExpirationTime(now + lifetimeSeconds)
      .sign(key);
  };
}
