import Fastify, { type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { registerAuthRoutes } from './auth/auth-routes.ts';
import { createKeycloakAccountDirectory } from './auth/keycloak-account-directory.ts';
import { createProfileRepository } from './auth/profile-repository.ts';
import { createTokenVerifier } from './auth/token-verifier.ts';
import { createCardRepository } from './catalog/card-repository.ts';
import { createCardService } from './catalog/card-service.ts';
import { createSetRepository } from './catalog/set-repository.ts';
import { createSetService } from './catalog/set-service.ts';
import { databaseOptionsFromConfig, type DatabaseOptions } from './db/database-options.ts';
import { openDatabase } from './db/open-database.ts';
import type { ServerConfig } from './env.ts';
import { registerDevIdentity } from './identity/register-dev-identity.ts';
import { registerDatabase } from './plugins/database.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { formatSchemaError } from './plugins/schema-error-formatter.ts';
import { registerStaticApp } from './plugins/static-app.ts';
import { serverSettings } from './server-settings.ts';
import { registerCardsRoute } from './routes/cards-route.ts';
import { registerConfigRoute } from './routes/config-route.ts';
import { registerHealthRoute } from './routes/health-route.ts';
import { registerOpenApiRoute } from './routes/openapi-route.ts';
import { registerSetsRoute } from './routes/sets-route.ts';
import { createFingerprintRepository } from './vision/fingerprint-repository.ts';
import { registerIdentifyRoute } from './vision/identify-route.ts';
import { createPooledIdentifyService, identifyPoolSettings, type IdentifyPoolSettings } from './vision/identify-pool.ts';

export interface AppOptions {
  config: ServerConfig;
  logger?: boolean;
  /** Overrides the database chosen by the config, e.g. `{ kind: 'pglite' }` for an in-memory one in tests. */
  database?: DatabaseOptions;
  /** Overrides the identification workers' settings, e.g. a tiny queue in tests. */
  identifyPool?: Partial<IdentifyPoolSettings>;
}

/** Builds the whole API without listening, so tests inject requests and `server.ts` only binds a port. */
export async function buildApp({ config, logger = false, database, identifyPool }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: serverSettings.http.bodyLimit.value, schemaErrorFormatter: formatSchemaError });
  registerErrorHandling(app);
  const db = await openDatabase(database ?? databaseOptionsFromConfig(config));
  registerDatabase(app, db);
  try {
    await registerRoutes(app, config, identifyPoolSettings(identifyPool));
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

async function registerRoutes(app: FastifyInstance, config: ServerConfig, identifyPool: IdentifyPoolSettings): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Card Lens API', version: '1' },
    },
  });
  registerHealthRoute(app);
  registerConfigRoute(app, config);
  await registerAccounts(app, config);
  registerOpenApiRoute(app);
  const assets = { assetsBaseUrl: config.assetsBaseUrl };
  registerCardsRoute(app, createCardService(createCardRepository(app.db), assets));
  registerSetsRoute(app, createSetService(createSetRepository(app.db), assets));
  const identify = createPooledIdentifyService(createFingerprintRepository(app.db), { ranking: assets, detectCards: true }, identifyPool);
  await registerIdentifyRoute(app, identify);
  app.addHook('onReady', async () => {
    // Fingerprints are read once at start; the workers load OpenCV and the detector on their first photo.
    await identify.reload();
  });
  app.addHook('onClose', () => identify.close());
  await registerStaticApp(app, config.staticDir);
}

async function registerAccounts(app: FastifyInstance, config: ServerConfig): Promise<void> {
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
}
