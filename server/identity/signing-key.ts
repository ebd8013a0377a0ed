import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/open-database.ts';

/**
 * The embedded provider's RS256 key, created once and kept in the database so tokens stay valid
 * across restarts and every server on one database signs alike.
 */
export async function loadSigningKey(db: Database): Promise<JWK> {
  const existing = await db.selectFrom('identity_signing_key').select('private_jwk').where('id', '=', 1).executeTakeFirst();
  if (existing) return existing.private_jwk as JWK;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  await db
    .insertInto('identity_signing_key')
    .values({ id: 1, private_jwk: JSON.stringify(jwk) })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const stored = await db.selectFrom('identity_signing_key').select('private_jwk').where('id', '=', 1).executeTakeFirstOrThrow();
  return stored.private_jwk as JWK;
}

export function publicJwk(privateJwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = privateJwk;
  return { kty, n, e, kid, alg, use };
}
