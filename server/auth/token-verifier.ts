import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { findControlCharacter } from '../control-characters.ts';
import { HttpError } from '../http-error.ts';

export interface TokenUser {
  subject: string;
  username: string | undefined;
  name: string | undefined;
  email: string | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  locale: string | undefined;
  realmRoles: string[];
  clientRoles: string[];
}

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  clockSkewSeconds: number;
  /** The provider's public keys, or the address of its JWKS (fetched and cached by jose). */
  keys: JWK[] | string;
  /** Whose per-client roles to read from `resource_access`. */
  clientId: string;
}

export type TokenVerifier = (token: string) => Promise<TokenUser>;

const asymmetric = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function toUser(payload: JWTPayload, clientId: string): TokenUser {
  const realmAccess = payload.realm_access as { roles?: unknown } | undefined;
  const resourceAccess = payload.resource_access as Record<string, { roles?: unknown }> | undefined;
  return {
    subject: payload.sub!,
    username: text(payload.preferred_username),
    name: text(payload.name),
    email: text(payload.email),
    givenName: text(payload.given_name),
    familyName: text(payload.family_name),
    locale: text(payload.locale),
    realmRoles: strings(realmAccess?.roles),
    clientRoles: strings(resourceAccess?.[clientId]?.roles),
  };
}

/** A subject that names someone, and a token not issued in the future (beyond the clock skew). */
function acceptableClaims(payload: JWTPayload, clockSkewSeconds: number): boolean {
  if (typeof payload.sub !== 'string' || payload.sub === '') return false;
  const now = Math.floor(Date.now() / 1000);
  return payload.iat === undefined || payload.iat <= now + clockSkewSeconds;
}

/** Verifies a bearer JWT's signature, issuer, audience and lifetime; any failure is a 401. */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const keySet = typeof options.keys === 'string' ? createRemoteJWKSet(new URL(options.keys)) : createLocalJWKSet({ keys: options.keys });
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        audience: options.audience,
        clockTolerance: options.clockSkewSeconds,
        algorithms: asymmetric,
        requiredClaims: ['sub', 'exp'],
      }));
      if (!acceptableClaims(payload, options.clockSkewSeconds)) throw new Error('unacceptable claims');
    } catch {
      throw new HttpError(401, 'Invalid or expired access token');
    }
    // A signed token is still text no account or row may hold: the database cannot store a NUL.
    const claim = findControlCharacter(payload);
    if (claim !== undefined) throw new HttpError(401, `The access token's claim '${claim}' holds a control character`);
    return toUser(payload, options.clientId);
  };
}
