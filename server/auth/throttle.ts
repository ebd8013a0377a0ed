import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { serverSettings } from '../server-settings.ts';
import { databaseRateLimitStore, sweepRateLimitHits } from './database-rate-limit-store.ts';

/** Counts one attempt; answers undefined while under the limit, else the seconds to wait. */
export type Throttle = (request: FastifyRequest) => Promise<number | undefined>;

export interface ThrottleLimit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/**
 * Makes `createThrottle` available; no route is throttled unless it asks. Attempts are counted in
 * the database, so several servers on one PostgreSQL share each limit.
 */
export async function registerThrottling(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(app.db) });
  const sweep = setInterval(() => void sweepRateLimitHits(app.db).catch(() => undefined), serverSettings.throttle.sweepEveryMs.value);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

export const byAddress = (request: FastifyRequest) => request.ip;

/**
 * Counts attempts per key (by default the client's address; `TRUST_PROXY` decides whether a proxy's
 * X-Forwarded-For is believed) in a fixed window. Called inside the handler rather than as a hook,
 * so a route counts only the requests it means to (registration). Sign-in has its own throttle,
 * which counts failures only: sign-in-throttle.ts.
 */
export function createThrottle(app: FastifyInstance, name: string, limit: ThrottleLimit, keyOf: (request: FastifyRequest) => string = byAddress): Throttle {
  const check = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request) => `${name}:${keyOf(request)}` });
  return async (request) => {
    const state = await check(request);
    return !state.isAllowed && state.isExceeded ? Math.max(1, state.ttlInSeconds) : undefined;
  };
}
