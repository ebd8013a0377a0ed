// Server configuration is read and validated once, here, where it enters the process.
import { resolve } from 'node:path';

export type SignInMode = 'check-sso' | 'login-required';

export interface ServerConfig {
  port: number;
  host: string;
  /** Public origin of the app, used for the identity provider's defaults. */
  publicUrl: string;
  /** Whether X-Forwarded-* headers are believed: only behind a reverse proxy that sets them itself. */
  trustProxy: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  staticDir: string;
  /** Replaces https://assets.tcgdex.net in every image address the API returns (a local mirror). */
  assetsBaseUrl: string;
  /** Whether the server fingerprints the catalogue's images itself, in the background. */
  indexImages: boolean;
  /** Whether the server refreshes the catalogue's prices from TCGdex in the background (daily). */
  refreshPrices: boolean;
  /** The TCGdex REST API v2 root prices are read from. */
  tcgdexApiUrl: string;
  /** Mail from the embedded provider (set-password links); without SMTP it stays in the admin-only outbox. */
  mail: { smtpUrl: string | undefined; from: string };
  identity: {
    url: string;
    realm: string;
    clientId: string;
    /** A generic OpenID provider's issuer; when set it replaces the Keycloak-style url and realm. */
    authority: string | undefined;
    mode: SignInMode;
    /** True when neither OIDC_URL nor OIDC_AUTHORITY is set: the server runs its own provider. */
    embedded: boolean;
    /** The `iss` every bearer token must carry. */
    issuer: string;
    /** The `aud` every bearer token must carry. */
    audience: string;
    jwksUrl: string;
    clockSkewSeconds: number;
    /** A confidential client allowed to create users through Keycloak's admin REST API. */
    keycloakAdmin: { clientId: string; clientSecret: string } | undefined;
    dev: {
      accessTokenTtlSeconds: number;
      refreshTokenTtlSeconds: number;
      adminPassword: string | undefined;
      collectorPassword: string | undefined;
    };
  };
}

export class ConfigError extends Error {}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

function url(name: string, raw: string | undefined, fallback: string): string {
  const value = raw === undefined || raw === '' ? fallback : raw;
  try {
    return new URL(value).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got '${value}'`);
  }
}

function smtpUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  let protocol: string;
  try {
    protocol = new URL(raw).protocol;
  } catch {
    throw new ConfigError(`SMTP_URL must be an smtp:// or smtps:// URL, got '${raw}'`);
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new ConfigError(`SMTP_URL must be an smtp:// or smtps:// URL, got '${raw}'`);
  return raw;
}

function flag(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new ConfigError(`${name} must be 'true' or 'false', got '${raw}'`);
}

function mode(raw: string | undefined): SignInMode {
  if (raw === undefined || raw === '' || raw === 'check-sso') return 'check-sso';
  if (raw === 'login-required') return raw;
  throw new ConfigError(`OIDC_MODE must be 'check-sso' or 'login-required', got '${raw}'`);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer('PORT', env.PORT, 8080, 0, 65535);
  const host = env.HOST || '0.0.0.0';
  // 'localhost', not 127.0.0.1: the silent sign-in frame must be same-site with the app.
  const publicUrl = url('PUBLIC_URL', env.PUBLIC_URL, `http://localhost:${port}`);
  const identityUrl = url('OIDC_URL', env.OIDC_URL, publicUrl);
  const realm = env.OIDC_REALM || 'cardlens';
  const authority = env.OIDC_AUTHORITY ? url('OIDC_AUTHORITY', env.OIDC_AUTHORITY, '') : undefined;
  const realmUrl = authority ?? `${identityUrl}/realms/${realm}`;
  const adminClientId = env.KEYCLOAK_ADMIN_CLIENT_ID || undefined;
  const adminClientSecret = env.KEYCLOAK_ADMIN_CLIENT_SECRET || undefined;
  if ((adminClientId === undefined) !== (adminClientSecret === undefined)) {
    throw new ConfigError('KEYCLOAK_ADMIN_CLIENT_ID and KEYCLOAK_ADMIN_CLIENT_SECRET must be set together');
  }
  return {
    port,
    host,
    publicUrl,
    trustProxy: flag('TRUST_PROXY', env.TRUST_PROXY),
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: resolve(env.STATIC_DIR || './dist'),
    assetsBaseUrl: url('ASSETS_BASE_URL', env.ASSETS_BASE_URL, 'https://assets.tcgdex.net'),
    indexImages: env.INDEX_IMAGES === undefined || env.INDEX_IMAGES === '' ? true : flag('INDEX_IMAGES', env.INDEX_IMAGES),
    // On the indexing instance by default: one instance of several refreshes the shared catalogue.
    refreshPrices:
      env.REFRESH_PRICES === undefined || env.REFRESH_PRICES === ''
        ? env.INDEX_IMAGES === undefined || env.INDEX_IMAGES === '' || flag('INDEX_IMAGES', env.INDEX_IMAGES)
        : flag('REFRESH_PRICES', env.REFRESH_PRICES),
    tcgdexApiUrl: url('TCGDEX_API_URL', env.TCGDEX_API_URL, 'https://api.tcgdex.net/v2'),
    mail: { smtpUrl: smtpUrl(env.SMTP_URL), from: env.MAIL_FROM || `Card Lens <no-reply@${new URL(publicUrl).hostname}>` },
    identity: {
      url: identityUrl,
      realm,
      clientId: env.OIDC_CLIENT_ID || 'card-lens-app',
      authority,
      mode: mode(env.OIDC_MODE),
      embedded: !env.OIDC_URL && !env.OIDC_AUTHORITY,
      issuer: env.OIDC_ISSUER || realmUrl,
      audience: env.OIDC_AUDIENCE || 'card-lens-api',
      jwksUrl: url('OIDC_JWKS_URL', env.OIDC_JWKS_URL, `${realmUrl}/protocol/openid-connect/certs`),
      clockSkewSeconds: integer('OIDC_CLOCK_SKEW_SECONDS', env.OIDC_CLOCK_SKEW_SECONDS, 30, 0, 600),
      keycloakAdmin: adminClientId && adminClientSecret ? { clientId: adminClientId, clientSecret: adminClientSecret } : undefined,
      dev: {
        accessTokenTtlSeconds: integer('DEV_ACCESS_TOKEN_TTL', env.DEV_ACCESS_TOKEN_TTL, 300, 10, 86_400),
        refreshTokenTtlSeconds: integer('DEV_REFRESH_TOKEN_TTL', env.DEV_REFRESH_TOKEN_TTL, 86_400, 60, 30 * 86_400),
        adminPassword: env.DEV_ADMIN_PASSWORD || undefined,
        collectorPassword: env.DEV_COLLECTOR_PASSWORD || undefined,
      },
    },
  };
}
