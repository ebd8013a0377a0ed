import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { registerAuthRoutes } from './auth/auth-routes.ts';
import { createKeycloakAccountDirectory } from './auth/keycloak-account-directory.ts';
import { createProfileRepository } from './auth/profile-repository.ts';
import { registerThrottling } from './auth/throttle.ts';
import { createTokenVerifier, type TokenVerifier } from './auth/token-verifier.ts';
import { createCardRepository } from './catalog/card-repository.ts';
import { createCardService } from './catalog/card-service.ts';
import { createSetRepository } from './catalog/set-repository.ts';
import { createSetService } from './catalog/set-service.ts';
import { createCollectionRepository } from './collection/collection-repository.ts';
import { registerCollectionRoutes } from './collection/collection-routes.ts';
import { createCollectionService } from './collection/collection-service.ts';
import { databaseOptionsFromConfig, type DatabaseOptions } from './db/database-options.ts';
import { openDatabase } from './db/open-database.ts';
import type { ServerConfig } from './env.ts';
import { registerDevIdentity } from './identity/register-dev-identity.ts';
import { registerDatabase } from './plugins/database.ts';
import { clientErrorHandler } from './plugins/client-errors.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { HttpError } from './http-error.ts';
import { frameworkErrors } from './plugins/framework-errors.ts';
import { registerRequestGuard } from './plugins/request-guard.ts';
import { formatSchemaError } from './plugins/schema-error-formatter.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaticApp } from './plugins/static-app.ts';
import { serverSettings } from './server-settings.ts';
import { registerPriceHistoryRoute } from './catalog/prices/price-history-route.ts';
import { createPriceRefresher } from './catalog/prices/price-refresher.ts';
import { createPriceLookup } from './catalog/prices/price-lookup.ts';
import { registerCardsRoute } from './routes/cards-route.ts';
import { registerConfigRoute } from './routes/config-route.ts';
import { registerHealthRoute } from './routes/health-route.ts';
import { registerOpenApiRoute } from './routes/openapi-route.ts';
import { registerSetsRoute } from './routes/sets-route.ts';
import { createFingerprintRepository } from './vision/catalog-index/fingerprint-repository.ts';
import { createBackgroundIndexer, notReadyMessage } from './vision/catalog-index/background-indexer.ts';
import { watchChanges, type ChangeWatch } from './db/watch-changes.ts';
import { registerIdentifyRoute } from './vision/serve/identify-route.ts';
import { registerIdentifyStatusRoute } from './vision/serve/identify-status-route.ts';
import { createPooledIdentifyService, identifyPoolSettings, type IdentifyPoolSettings } from './vision/serve/identify-pool.ts';

export interface AppOptions {
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
  /** Logs every request and answer, not only errors. */
  logRequests?: boolean;
  /** Overrides the database chosen by the config, e.g. `{ kind: 'pglite' }` for an in-memory one in tests. */
  database?: DatabaseOptions;
  /** Overrides `serverSettings.http` values, e.g. a short request timeout for a test that stalls an upload. */
  http?: Partial<Omit<HttpLimits, 'providerFormLimit'>>;
  /** Overrides the identification workers' settings, e.g. a tiny queue in tests. */
  identifyPool?: Partial<IdentifyPoolSettings>;
}

const changeWatchSettings = {
  pollMs: serverSettings.changeWatch.pollMs.value,
  settleMs: serverSettings.changeWatch.settleMs.value,
  maxWaitMs: serverSettings.changeWatch.maxWaitMs.value,
};

export type HttpLimits = { [name in keyof typeof serverSettings.http]: number };

function httpLimits(overrides: Partial<HttpLimits> = {}): HttpLimits {
  const defaults = Object.fromEntries(Object.entries(serverSettings.http).map(([name, entry]) => [name, entry.value])) as HttpLimits;
  return { ...defaults, ...overrides };
}

/** Builds the whole API without listening, so tests inject requests and `server.ts` only binds a port. */
export async function buildApp({ config, logger = false, logRequests = false, database, http, identifyPool }: AppOptions): Promise<FastifyInstance> {
  const limits = httpLimits(http);
  const app = Fastify({
    logger,
    logController: new LogController({ disableRequestLogging: !logRequests }),
    trustProxy: config.trustProxy,
    bodyLimit: limits.bodyLimit,
    schemaErrorFormatter: formatSchemaError,
    routerOptions: { maxParamLength: limits.maxParamLength },
    requestTimeout: limits.requestTimeout,
    connectionTimeout: limits.connectionTimeout,
    keepAliveTimeout: limits.keepAliveTimeout,
    http: { headersTimeout: limits.headersTimeout, maxHeaderSize: limits.maxHeaderSize, connectionsCheckingInterval: limits.timeoutCheckInterval },
    frameworkErrors: frameworkErrors(limits.maxParamLength),
    clientErrorHandler: clientErrorHandler(limits.maxHeaderSize),
  });
  registerErrorHandling(app);
  registerRequestGuard(app, limits.maxUrlLength);
  const db = await openDatabase(database ?? databaseOptionsFromConfig(config));
  registerDatabase(app, db);
  try {
    await registerRoutes(app, config, limits, identifyPoolSettings(identifyPool));
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

async function registerRoutes(app: FastifyInstance, config: ServerConfig, limits: HttpLimits, identifyPool: IdentifyPoolSettings): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Card Lens API', version: '1' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await registerSecurityHeaders(app, config);
  await registerThrottling(app);
  registerHealthRoute(app);
  registerConfigRoute(app, config);
  const verify = await registerAccounts(app, config);
  registerOpenApiRoute(app);
  const assets = { assetsBaseUrl: config.assetsBaseUrl };
  registerCardsRoute(app, createCardService(createCardRepository(app.db), assets));
  registerPriceHistoryRoute(app, app.db);
  registerSetsRoute(app, createSetService(createSetRepository(app.db), assets));
  await registerCollectionRoutes(app, createCollectionService(createCollectionRepository(app.db), assets), verify);
  const fingerprints = createFingerprintRepository(app.db);
  const indexer = createBackgroundIndexer(fingerprints, assets, () => identify.reload(), { autoIndex: config.indexImages });
  const identify = createPooledIdentifyService(fingerprints, { ranking: assets, detectCards: true, findCorners: true }, identifyPool, {
    notReady: () =>
      new HttpError(503, notReadyMessage(indexer.status(), config.assetsBaseUrl), {
        code: 'identify_not_ready',
        headers: { 'retry-after': String(serverSettings.backgroundIndex.retryAfterSeconds.value) },
      }),
  });
  await registerIdentifyRoute(app, identify, {
    uploadsInFlight: limits.uploadsInFlight,
    uploadsPerAddress: limits.uploadsPerAddress,
    uploadStartTimeout: limits.uploadStartTimeout,
    uploadLinger: limits.uploadLinger,
    retryAfterSeconds: limits.uploadRetryAfter,
  }, createPriceLookup(app.db));
  registerIdentifyStatusRoute(app, indexer);
  const prices = createPriceRefresher(app.db, {
    baseUrl: config.tcgdexApiUrl,
    info: (line) => app.log.info(line),
    warn: (line) => app.log.warn(line),
  });
  app.addHook('onReady', async () => {
    // Another server or a command may change the catalogue or the fingerprints in the same database.
    changes = await watchChanges(app.db, changeWatchSettings, async (name) => {
      if (name === 'fingerprints') await indexer.reload();
      else if (config.indexImages) indexer.start();
    });
    // Fingerprints are read once at start; the workers load OpenCV and the detector on their first photo.
    await indexer.reload();
    // What the catalogue has and the index lacks is learned in the background, from its images.
    if (config.indexImages) indexer.start();
    if (config.refreshPrices) prices.start();
  });
  let changes: ChangeWatch | undefined;
  app.addHook('onClose', async () => {
    await changes?.stop();
    await prices.stop();
    await indexer.stop();
    await identify.close();
  });
  await registerStaticApp(app, config.staticDir);
}

async function registerAccounts(app: FastifyInstance, config: ServerConfig): Promise<TokenVerifier> {
  const { identity } = config;
  const embedded = identity.embedded ? await registerDevIdentity(app, config) : undefined;
  const verify = createTokenVerifier({
    issuer: identity.issuer,
    audience: identity.audience,
    clockSkewSeconds: identity.clockSkewSeconds,
    keys: embedded?.publicKeys ?? identity.jwksUrl,
    clientId: identity.clientId,
  });
  const keycloak = identity.keycloakAdmin
    ? createKeycloakAccountDirectory({
        url: identity.url,
        realm: identity.realm,
        adminClientId: identity.keycloakAdmin.clientId,
        adminClientSecret: identity.keycloakAdmin.clientSecret,
        appClientId: identity.clientId,
        publicUrl: config.publicUrl,
      })
    : undefined;
  registerAuthRoutes(app, { verify, profiles: createProfileRepository(app.db), directory: embedded?.directory ?? keycloak });
  return verify;
}
