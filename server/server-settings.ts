/**
 * Every tuning number of the API server (limits, timeouts, pool and throttle sizes): its unit, its
 * default, why it is what it is, and whether it was measured. Values a deployment sets itself are
 * environment variables read in env.ts; these are the ones a code change tunes.
 */
export interface Setting {
  value: number;
  unit: string;
  why: string;
  measured: boolean;
}

const setting = (value: number, unit: string, why: string, measured = false): Setting => ({ value, unit, why, measured });

/** Limits on what one connection or request may hold: bodies, headers, time. */
const http = {
  bodyLimit: setting(1024 * 1024, 'bytes', 'JSON and form bodies are small; a larger one is a mistake or an attack'),
  maxUrlLength: setting(8 * 1024, 'characters', 'the longest filter a person writes is a few hundred characters; browsers and proxies cap addresses near 8 KB'),
  maxParamLength: setting(100, 'characters', "Fastify's default: set ids and sign-in interaction ids are under 50 characters; longer ones answer 414 before any lookup"),
  maxHeaderSize: setting(16 * 1024, 'bytes', "Node's default: cookies and a bearer token fit several times over; larger header blocks answer 431"),
  headersTimeout: setting(10_000, 'ms', 'a client that has not sent its headers in 10 s is stalled or hostile; a real one sends them in one packet'),
  requestTimeout: setting(60_000, 'ms', 'the whole request, body included: a 10 MB photo at 2 Mbit/s takes 42 s; a slower or stalled upload is cut and answered 408'),
  connectionTimeout: setting(120_000, 'ms', 'a socket with no traffic for 2 min is dropped: an identification answers within seconds, so only dead peers reach it'),
  keepAliveTimeout: setting(72_000, 'ms', "Fastify's default: longer than a load balancer's usual 60 s idle timeout, so a proxy never reuses a socket the server is closing; an idle socket holds a few KB"),
  timeoutCheckInterval: setting(2_000, 'ms', "how often Node looks for requests past their header or request timeout; its default of 30 s lets a stalled upload live 30 s too long"),
  uploadsInFlight: setting(16, 'uploads', 'photos being received or identified at once: each holds up to 10 MB, so 16 hold at most 160 MB; more answer 503 before their body is read. 150 uploads stalled at 9.5 MB took RSS from 594 to 696 MB (2,031 MB without the cap)', true),
  uploadRetryAfter: setting(2, 's', "the Retry-After of a 503 when the upload cap is reached: an identification takes well under a second, so a slot frees quickly"),
  providerFormLimit: setting(56 * 1024, 'bytes', "sign-in provider forms (token, revoke, logout) are a few hundred bytes; oidc-provider's own cap"),
};

/** The worker threads identification runs on, and the queue in front of them. */
const identifyPool = {
};

/** How often sign-in and registration may be tried. */
const throttle = {
};

export const serverSettings = { http, identifyPool, throttle } as const;

/** Answers what is wrong with the settings: every value a finite positive number. */
export function validateServerSettings(settings: Record<string, Record<string, Setting>> = serverSettings): string[] {
  return Object.entries(settings).flatMap(([group, values]) =>
    Object.entries(values)
      .filter(([, entry]) => !(Number.isFinite(entry.value) && entry.value > 0))
      .map(([name, entry]) => `${group}.${name} must be a positive number of ${entry.unit}, got ${entry.value}`),
  );
}

const problems = validateServerSettings();
if (problems.length > 0) throw new RangeError(`Invalid server settings: ${problems.join('; ')}`);
