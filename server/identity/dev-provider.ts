import Provider, { type KoaContextWithOidc, type OidcProvider } from './oidc-provider-library.ts';
import type { JWK } from 'jose';
import { htmlPage, escapeHtml } from './html-page.ts';
import type { IdentityUserRepository } from './identity-user-repository.ts';
import { pageTexts, pickLanguage } from './page-texts.ts';

export interface DevProviderOptions {
  issuer: string;
  /** The path the provider is mounted at, e.g. /realms/cardlens */
  mountPath: string;
  publicUrl: string;
  /** Believe X-Forwarded-Host and -Proto (behind a reverse proxy that sets them). */
  trustProxy: boolean;
  clientId: string;
  audience: string;
  signingKey: JWK;
  cookieSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  users: IdentityUserRepository;
  /** oidc-provider's storage: sessions, codes, tokens and grants. */
  adapter: unknown;
}

// Keycloak's endpoint paths, so the app and the API talk to both alike.
const keycloakRoutes = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  end_session: '/protocol/openid-connect/logout',
  userinfo: '/protocol/openid-connect/userinfo',
  jwks: '/protocol/openid-connect/certs',
  revocation: '/protocol/openid-connect/revoke',
};

const oidcScopes = 'openid profile email offline_access';

// oidc-provider names resource servers by absolute URI; the token's `aud` is the configured audience.
const apiResource = 'urn:card-lens:api';

function language(ctx: KoaContextWithOidc): 'en' | 'fr' {
  const requested = ctx.oidc.params?.ui_locales ?? ctx.query.ui_locales;
  return pickLanguage(typeof requested === 'string' ? requested : undefined, undefined);
}

/** An OpenID provider for one machine: one public client, code + PKCE S256, JWT access tokens with realm roles. */
export function createDevProvider(options: DevProviderOptions): OidcProvider {
  const { users } = options;
  const appOrigin = new URL(options.publicUrl).origin;
  const provider = new Provider(options.issuer, {
    adapter: options.adapter,
    clientBasedCORS: (_ctx: unknown, origin: string) => origin === appOrigin,
    clients: [
      {
        client_id: options.clientId,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${options.publicUrl}/`, `${options.publicUrl}/silent-check-sso.html`],
        post_logout_redirect_uris: [`${options.publicUrl}/`, options.publicUrl],
      },
    ],
    jwks: { keys: [options.signingKey] },
    cookies: { keys: [options.cookieSecret] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: oidcScopes.split(' '),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    conformIdTokenClaims: false,
    routes: keycloakRoutes,
    ttl: {
      AccessToken: options.accessTokenTtlSeconds,
      IdToken: options.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      RefreshToken: options.refreshTokenTtlSeconds,
      Interaction: 3600,
      Session: options.refreshTokenTtlSeconds,
      Grant: options.refreshTokenTtlSeconds,
    },
    rotateRefreshToken: true,
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${options.mountPath}/login-actions/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // A first-party app asked for the sign-out: no extra question, just the form posted at once.
        logoutSource: async (ctx: KoaContextWithOidc, form: string) => {
          const texts = pageTexts(language(ctx));
          const body = `${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<p role="status">${escapeHtml(texts.signingOut)}</p>
<button type="submit" form="op.logoutForm">${escapeHtml(texts.signOut)}</button>`;
          ctx.type = 'html';
          ctx.body = htmlPage(language(ctx), texts.signOut, body, { script: 'sign-out.js' });
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOidc) => {
          const texts = pageTexts(language(ctx));
          ctx.type = 'html';
          ctx.body = htmlPage(language(ctx), texts.signedOut, `<p><a href="${escapeHtml(options.publicUrl)}/">${escapeHtml(texts.backToApp)}</a></p>`);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiResource,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: oidcScopes,
          audience: options.audience,
          accessTokenTTL: options.accessTokenTtlSeconds,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    // The app is first-party: signing in grants it what it asks for, with no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOidc) => {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const grant = await ctx.oidc.provider.Grant.find(grantId);
        if (grant) return grant;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(oidcScopes);
      grant.addResourceScope(apiResource, oidcScopes);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx: unknown, id: string) => {
      const user = await users.findById(id);
      if (!user) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: user.email,
          email_verified: true,
          preferred_username: user.email,
          given_name: user.firstName,
          family_name: user.lastName,
          name: `${user.firstName} ${user.lastName}`.trim(),
        }),
      };
    },
    extraTokenClaims: async (_ctx: unknown, token: { kind: string; accountId?: string }) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await users.findById(token.accountId);
      if (!user) return undefined;
      return {
        preferred_username: user.email,
        email: user.email,
        given_name: user.firstName,
        family_name: user.lastName,
        name: `${user.firstName} ${user.lastName}`.trim(),
        realm_access: { roles: user.roles },
      };
    },
    renderError: async (ctx: KoaContextWithOidc, out: Record<string, string>) => {
      const texts = pageTexts(language(ctx));
      ctx.type = 'html';
      ctx.body = htmlPage(
        language(ctx),
        texts.error,
        `<p class="error" role="alert">${escapeHtml(out.error_description ?? out.error ?? '')}</p><p><a href="${escapeHtml(options.publicUrl)}/">${escapeHtml(texts.backToApp)}</a></p>`,
      );
    },
  });
  // X-Forwarded-Proto and the client's address are believed as TRUST_PROXY says.
  provider.proxy = options.trustProxy;
  answerAsIssuer(provider, options.issuer);
  return provider;
}

/**
 * oidc-provider builds its endpoints' addresses from the request's Host (or X-Forwarded-Host), so
 * `Host: evil.example` would make the discovery document, redirects and form actions point
 * elsewhere, and a cache could keep that copy. Every request is answered as if addressed to the
 * issuer's origin (from PUBLIC_URL or OIDC_URL) whatever Host it came with.
 */
function answerAsIssuer(provider: OidcProvider, issuer: string): void {
  const { origin, host, hostname } = new URL(issuer);
  provider.use(async (ctx, next) => {
    // Koa's href and URL join protocol and host; an absolute request target keeps only its path here.
    const target = new URL(ctx.request.originalUrl, origin);
    const href = `${origin}${target.pathname}${target.search}`;
    Object.defineProperties(ctx.request, { host: { value: host }, hostname: { value: hostname }, href: { value: href }, URL: { value: new URL(href) } });
    await next();
    if (ctx.path.endsWith('/.well-known/openid-configuration') && !ctx.response.get('cache-control')) ctx.set('cache-control', 'no-cache');
  });
}
