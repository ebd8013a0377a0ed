import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import type { AccountDirectory } from '../auth/account-directory.ts';
import { createSignInThrottle } from '../auth/sign-in-throttle.ts';
import { refuseControlCharacters } from '../control-characters.ts';
import type { ServerConfig } from '../env.ts';
import { serverSettings } from '../server-settings.ts';
import { createDevAccountDirectory } from './dev-account-directory.ts';
import { createDevOutbox } from './dev-outbox.ts';
import { createDevProvider } from './dev-provider.ts';
import { createIdentityUserRepository, normalizeEmail } from './identity-user-repository.ts';
import { renderLoginPage } from './login-page.ts';
import { registerPageAssets } from './page-assets.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password-hash.ts';
import { renderMessage, renderOutbox, renderSetPassword } from './password-pages.ts';
import { createPasswordTickets } from './password-tickets.ts';
import { createSmtpMailer } from './smtp-mailer.ts';
import { createProviderRecordAdapter } from './provider-record-adapter.ts';
import { pageTexts, pickLanguage } from './page-texts.ts';
import { loadSigningKey, publicJwk } from './signing-key.ts';
import { thirdPartyCookieStep1, thirdPartyCookieStep2 } from './third-party-cookie-pages.ts';

export interface DevIdentity {
  publicKeys: JWK[];
  directory: AccountDirectory;
}

export const minimumPasswordLength = 8;
/** The role whose holders may read the outbox of a server without SMTP. */
export const administratorRole = 'administrator';
const outboxPageSize = 200;

type Form = Record<string, string | undefined>;

function formParser(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

function languageOf(request: FastifyRequest, explicit?: string): 'en' | 'fr' {
  return pickLanguage(explicit, request.headers['accept-language']);
}

function html(reply: FastifyReply, page: string, status = 200) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
}

/**
 * The request with a body already read, as a stream that yields it again: oidc-provider reads form
 * bodies from the request stream itself and warns about (and works around) a body parsed before it.
 */
function replayed(raw: IncomingMessage, body: string): IncomingMessage {
  const { headers, rawHeaders, method, url, httpVersion, httpVersionMajor, httpVersionMinor, socket } = raw;
  return Object.assign(Readable.from([Buffer.from(body)]), { headers, rawHeaders, method, url, httpVersion, httpVersionMajor, httpVersionMinor, socket, connection: socket }) as unknown as IncomingMessage;
}

/**
 * The embedded OpenID provider at `/realms/{realm}` (Keycloak's paths), its login page, and the
 * outbox and set-password pages that stand in for email.
 */
export async function registerDevIdentity(app: FastifyInstance, config: ServerConfig): Promise<DevIdentity> {
  const { identity, publicUrl } = config;
  const mountPath = `/realms/${identity.realm}`;
  const signingKey = await loadSigningKey(app.db);
  const users = createIdentityUserRepository(app.db);
  const tickets = createPasswordTickets(app.db);
  const outbox = config.mail.smtpUrl ? undefined : createDevOutbox(app.db, (line) => console.log(line));
  const mailer = config.mail.smtpUrl ? createSmtpMailer(config.mail.smtpUrl, config.mail.from) : outbox!.mailer;
  const provider = createDevProvider({
    issuer: identity.issuer,
    mountPath,
    publicUrl,
    trustProxy: config.trustProxy,
    clientId: identity.clientId,
    audience: identity.audience,
    signingKey,
    cookieSecret: createHash('sha256').update(`cookies:${String(signingKey.d)}`).digest('base64url'),
    accessTokenTtlSeconds: identity.dev.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: identity.dev.refreshTokenTtlSeconds,
    users,
    adapter: createProviderRecordAdapter(app.db),
  });

  await app.register(async (scope) => {
    // oidc-provider reads request bodies itself: leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    // Its forms (token, revoke, logout) are read here first, to refuse control characters before
    // they reach a lookup, and then handed to oidc-provider as the stream it reads itself.
    const formLimit = serverSettings.http.providerFormLimit.value;
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: formLimit }, (_request, body, done) => {
      try {
        for (const [name, value] of new URLSearchParams(body as string)) refuseControlCharacters({ [name]: value }, 'Form field');
      } catch (error) {
        done(error as Error);
        return;
      }
      done(null, body);
    });
    const handle = provider.callback();
    scope.all(`${mountPath}/*`, (request, reply) => {
      void reply.hijack();
      const raw = typeof request.body === 'string' ? replayed(request.raw, request.body) : request.raw;
      (raw as IncomingMessage & { originalUrl?: string }).originalUrl = raw.url;
      raw.url = raw.url!.slice(mountPath.length) || '/';
      handle(raw, reply.raw);
    });
  });

  registerPageAssets(app);
  const cookieCheck = `${mountPath}/protocol/openid-connect/3p-cookies`;
  app.get(`${cookieCheck}/step1.html`, (_request, reply) => html(reply, thirdPartyCookieStep1));
  app.get(`${cookieCheck}/step2.html`, (_request, reply) => html(reply, thirdPartyCookieStep2));

  await app.register(async (scope) => {
    formParser(scope);
    scope.addHook('preValidation', async (request) => {
      if (typeof request.body === 'object' && request.body !== null) refuseControlCharacters(request.body as Form, 'Form field');
    });
    const loginPath = `${mountPath}/login-actions/:uid`;

    scope.get<{ Params: { uid: string }; Querystring: { lang?: string } }>(loginPath, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const requested = request.query.lang ?? (typeof details.params.ui_locales === 'string' ? details.params.ui_locales : undefined);
      return html(reply, renderLoginPage(languageOf(request, requested), `${mountPath}/login-actions/${details.uid}`));
    });

    const signInThrottle = createSignInThrottle(app.db);
    scope.post<{ Params: { uid: string }; Body: Form }>(loginPath, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const form = request.body ?? {};
      const language = languageOf(request, form.lang);
      const email = form.email ?? '';
      const action = `${mountPath}/login-actions/${details.uid}`;
      // Known or not, an email is throttled alike, so a 429 does not tell which accounts exist.
      const account = normalizeEmail(email);
      const wait = await signInThrottle.admit(request.ip, account);
      if (wait !== undefined) return html(reply.header('retry-after', String(wait)), renderLoginPage(language, action, { email, retryAfterSeconds: wait }), 429);
      const user = email ? await users.findByEmail(email) : undefined;
      // An unknown email costs the same hashing as a known one, so the answer time tells nothing.
      const valid = await verifyPassword(form.password ?? '', user?.passwordHash ?? (await decoyPasswordHash()));
      if (!user?.passwordHash || !valid) {
        await signInThrottle.failed(request.ip, account);
        return html(reply, renderLoginPage(language, action, { email, failed: true }), 401);
      }
      await signInThrottle.succeeded(request.ip);
      const returnTo = await provider.interactionResult(request.raw, reply.raw, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
      return reply.redirect(returnTo, 303);
    });

    // Mail that SMTP would have delivered to one person: only an administrator signed in here reads it.
    if (outbox) {
      scope.get<{ Querystring: { lang?: string } }>('/dev/outbox', async (request, reply) => {
        const language = languageOf(request, request.query.lang);
        const session = await provider.Session.get(provider.createContext(request.raw, reply.raw));
        const reader = session.accountId ? await users.findById(session.accountId) : undefined;
        if (!reader?.roles.includes(administratorRole)) {
          const texts = pageTexts(language);
          return html(reply, renderMessage(language, texts.outboxTitle, texts.outboxForbidden, { href: `${publicUrl}/login`, text: texts.goToLogin }, 'error'), 403);
        }
        return html(reply, renderOutbox(language, await outbox.latest(outboxPageSize)));
      });
    }

    scope.get<{ Querystring: { token?: string; lang?: string } }>('/dev/set-password', async (request, reply) => {
      const language = languageOf(request, request.query.lang);
      const texts = pageTexts(language);
      const token = request.query.token ?? '';
      if (!(await tickets.peek(token))) {
        return html(reply, renderMessage(language, texts.setPasswordTitle, texts.linkInvalid, { href: `${publicUrl}/`, text: texts.backToApp }, 'error'), 400);
      }
      return html(reply, renderSetPassword(language, token));
    });

    scope.post<{ Body: Form }>('/dev/set-password', async (request, reply) => {
      const form = request.body ?? {};
      const language = languageOf(request, form.lang);
      const texts = pageTexts(language);
      const token = form.token ?? '';
      const password = form.password ?? '';
      if (!(await tickets.peek(token))) {
        return html(reply, renderMessage(language, texts.setPasswordTitle, texts.linkInvalid, { href: `${publicUrl}/`, text: texts.backToApp }, 'error'), 400);
      }
      if (password.length < minimumPasswordLength) return html(reply, renderSetPassword(language, token, texts.passwordTooShort), 400);
      if (password !== form.confirm) return html(reply, renderSetPassword(language, token, texts.passwordsDiffer), 400);
      const userId = await tickets.consume(token);
      if (!userId) {
        return html(reply, renderMessage(language, texts.setPasswordTitle, texts.linkInvalid, { href: `${publicUrl}/`, text: texts.backToApp }, 'error'), 400);
      }
      await users.setPassword(userId, await hashPassword(password));
      return html(reply, renderMessage(language, texts.setPasswordTitle, texts.passwordSaved, { href: `${publicUrl}/login`, text: texts.goToLogin }, 'notice'));
    });
  });

  return {
    publicKeys: [publicJwk(signingKey)],
    directory: createDevAccountDirectory(users, tickets, mailer, publicUrl),
  };
}
