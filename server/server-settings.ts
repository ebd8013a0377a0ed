import { availableParallelism } from 'node:os';

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

export const setting = (value: number, unit: string, why: string, measured = false): Setting => ({ value, unit, why, measured });

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
  uploadsInFlight: setting(16, 'uploads', 'photos being received at once (received ones wait in the identification queue, bounded on its own): each holds up to 10 MB, so 16 hold at most 160 MB; more answer 503. 150 uploads stalled at 9.5 MB from 40 addresses took RSS from 893 to 1,011 MB at most (bench:load; 2,031 MB without the cap)', true),
  uploadsPerAddress: setting(4, 'uploads', 'photos being received at once from one client address: the app sends one at a time, a household behind one router a few; so stalled uploads from one address hold at most a quarter of the slots'),
  uploadStartTimeout: setting(5_000, 'ms', "a photo's body follows its headers at once; a request whose body has not started within 5 s is cut with 408, and until its body starts it holds no upload slot"),
  uploadLinger: setting(2_000, 'ms', 'after answering a photo still arriving (503, 413, 408) the server reads and drops its bytes this long before closing, so the client reads the answer instead of a connection reset'),
  uploadRetryAfter: setting(2, 's', "the Retry-After of a 503 when the upload cap is reached: an identification takes well under a second, so a slot frees quickly"),
  providerFormLimit: setting(56 * 1024, 'bytes', "sign-in provider forms (token, revoke, logout) are a few hundred bytes; oidc-provider's own cap"),
};

/** The worker threads identification runs on, and the queue in front of them. */
const identifyPool = {
  threads: setting(
    availableParallelism(),
    'threads',
    'Identification is CPU-bound: one worker per core keeps every core busy; more would only share them',
  ),
  queuedPerThread: setting(
    16,
    'photos per thread',
    'Photos waiting for a worker beyond those it ranks: at ~0.2 s a photo a full queue clears in a few seconds, a wait a scanning user still accepts; past it a client is told to come back',
  ),
  retryAfter: setting(2, 'seconds', 'Retry-After on a full queue: about the time a few places in the queue take to clear'),
  modelThreads: setting(
    1,
    'threads per model run',
    "Each worker ranks one photo on its own core, so a model run in it takes one thread too: the server's models (detector, corners, refiner, print reader, text) run on onnxruntime-node's CPU runtime, whose one thread already runs them 6 to 12 times faster than the WebAssembly build did",
  ),
  idleTimeout: setting(
    45_000,
    'ms',
    "A worker that has ranked no photo for this long ends and gives its memory back within a minute of the last photo: OpenCV's WebAssembly memory only grows (the models' did too while they ran on WebAssembly), so two workers that ranked photos held about 500 MB until the server stopped; the next photo starts a worker again (bench:load reports that photo's time)",
    true,
  ),
  workerNice: setting(
    10,
    'nice levels',
    'Workers run below the event loop: with every core ranking photos, the catalogue, sign-in and health are still answered at once',
  ),
};

/** The index of card fingerprints that the server builds itself from the catalogue's images. */
const backgroundIndex = {
  concurrency: setting(6, 'images at once', 'downloads overlap while one core fingerprints; the image host is not flooded'),
  imageRetries: setting(2, 'retries', 'a network error or 5xx is tried again twice (after 0.5 and 1 s); an unreachable host is known within seconds'),
  imageRetryDelayMs: setting(500, 'ms', 'the first retry of an image waits this long, each next one twice as long'),
  imageTimeoutMs: setting(30_000, 'ms', 'a card image is under 1 MB: a host that has not sent it in 30 s is stalled'),
  unreachableAfter: setting(12, 'images', 'this many failures in a row with nothing indexed means the image host cannot be reached: stop and say so'),
  retryAfterMs: setting(60_000, 'ms', 'when the image host could not be reached, try again this much later'),
  reloadEveryMs: setting(5_000, 'ms', 'identification answers from what is indexed so far, read again at most this often while building'),
  retryAfterSeconds: setting(10, 's', 'what a 503 of identification tells a client to wait while the index is being built'),
};

/** How a server learns that another process changed the catalogue or the fingerprints (several servers on one PostgreSQL). */
const changeWatch = {
  pollMs: setting(500, 'ms', 'one indexed row read per counter; a change is seen within half a second'),
  settleMs: setting(
    750,
    'ms',
    'an import or an index build writes in batches: act once the counter stands still this long. A card imported while two servers run waits for it twice (the indexing server, then the other): with 1 s polls and 1.5 s here the other server named it 5.4 s after the import (e2e several-instances, loaded machine)',
    true,
  ),
  maxWaitMs: setting(10_000, 'ms', 'during a long build, read the index again at least this often so new cards become identifiable'),
};

/** How a server reads the fingerprint index again after a change. */
const indexReload = {
  wholeReadAbove: setting(
    0.25,
    'changed printings per printing held',
    'below it a reload reads only the changed rows and copies the held arrays around them: 100 of 100,000 took 0.08 s on PostgreSQL and 0.29 s on PGlite against 2.5 s and 8.2 s whole (bench:index-load). Past a quarter the changed rows are most of a whole read anyway; the share itself was not measured',
  ),
};

/** How often sign-in and registration may be tried. */
const throttle = {
  signInWindowMs: setting(15 * 60_000, 'ms', "the window an address's sign-in attempts are counted in; long enough to make guessing slow"),
  signInPerAddress: setting(30, 'attempts per window', 'failed or pending sign-ins from one address over all accounts: room for a household or a club, while one client cannot try many accounts; successful ones are given back'),
  signInFreeFailures: setting(5, 'failed passwords', "failures on one account before any wait (Keycloak's failure factor): a person who forgot a password tries a few freely"),
  signInWaitIncrementMs: setting(60_000, 'ms', "the wait added per further `signInFreeFailures` failures on an account (Keycloak's wait increment); it holds only the address that failed"),
  signInMaxWaitMs: setting(15 * 60_000, 'ms', "the longest wait after a failure (Keycloak's max wait): the owner who mistypes while the account is attacked waits at most this long"),
  signInFailureMemoryMs: setting(12 * 60 * 60_000, 'ms', "an account's failures are forgotten after this long without one (Keycloak's failure reset time), so a guesser's waits do not restart every window"),
  registrationWindowMs: setting(60 * 60_000, 'ms', 'registrations are rare: one window of an hour'),
  registrationPerAddress: setting(10, 'registrations per window', 'a club signing up its members from one address; a script making thousands of accounts is stopped'),
  sweepEveryMs: setting(10 * 60_000, 'ms', 'counters past their window are deleted this often; until then the next attempt resets them'),
};

/** A collector's cards: how many, and how large a file of them may be imported. */
const collection = {
  maxQuantity: setting(9_999, 'copies per printing and condition', 'a bulk collector holds a few hundred of a common card; a larger number is a typing mistake, and the bound keeps sums far from integer overflow. Migration 0021 checks the same number in the database'),
  importBodyLimit: setting(5 * 1024 * 1024, 'bytes', 'a CSV of 50,000 owned printings is about 4 MB in the widest layout; larger files are split by the collector'),
  importMaxRows: setting(50_000, 'rows', 'what 5 MB holds at the narrowest useful row (about 100 bytes); a file with more is refused with 400 import_too_many_rows before any row is matched'),
  previewRows: setting(50, 'rows', 'the import preview shows this many matched rows beside its counts and problems: enough to see the columns were read right, a few KB of JSON whatever the file'),
  importThreads: setting(1, 'threads', 'CSV files are read and matched on worker threads so the event loop keeps answering; one thread leaves the other cores to identification, and a 50,000-row file takes well under a second'),
  importQueue: setting(8, 'files', 'files waiting for the import thread; one per collector at a time, so past this many collectors at once a file answers 503 import_busy'),
  importRetryAfter: setting(5, 's', 'Retry-After of 429 import_in_progress and 503 import_busy: about the time a large file takes to read and write'),
  importIdleTimeout: setting(30_000, 'ms', 'an import thread with no file for this long ends and frees its memory; the next file starts one again in about a second'),
  importNice: setting(10, 'nice levels', 'the import thread is scheduled below the event loop, as identification is: on a busy machine /health and the catalogue are answered first, and a file takes longer to read'),
  importBatchRows: setting(50, 'rows per statement', "one upsert statement per batch inside the import transaction, the event loop turning between them: PGlite runs each statement on the main thread, and 500-row statements held it 100 to 350 ms each. With 50 and the turns (and the catalogue's identities kept between files), /health's p99 while three collectors imported 50,000-row files went from 1.1 s to 27 ms on 2 shared cores", true),
  valueTopEntries: setting(10, 'entries', "the collection value lists this many most valuable entries: a screen's worth"),
  valueHistoryDays: setting(365, 'days', "the collection value's chart covers a year of price changes"),
  ownedMaxPrintings: setting(100, 'printings', 'the owned counts of one request: a binder page of 20 cards with its best match and four alternatives each; more is not one screen'),
  reportedProblems: setting(200, 'rows', 'an import report lists at most this many rows it could not read; past it the collector fixes the layout, not single rows'),
};

/** Prices from TCGdex: the refresh of prices alone, on the indexing instance and by `npm run catalog:prices`. */
const prices = {
  refreshEveryMs: setting(24 * 60 * 60_000, 'ms', 'TCGdex publishes Cardmarket and TCGplayer prices about once a day; refreshing more often reads the same figures'),
  firstRefreshAfterMs: setting(5 * 60_000, 'ms', 'the first refresh waits after start, leaving the start itself and the image index the machine'),
  concurrency: setting(8, 'requests at once', 'one card per request: 8 in flight at 50 ms of latency is about 160 cards a second, and the API is not flooded'),
  retries: setting(3, 'retries', 'a network error, timeout or 5xx is tried again after 0.5, 1 and 2 s'),
  retryDelayMs: setting(500, 'ms', 'the first retry waits this long, each next one twice as long'),
  timeoutMs: setting(15_000, 'ms', 'a card answer is a few KB: one not received in 15 s is stalled'),
  unreachableAfter: setting(8, 'cards', 'this many cards failing in a row, none read yet, means TCGdex cannot be reached: stop, keep the old prices and say so once'),
  batchCards: setting(200, 'cards', 'prices are written in one transaction per this many cards: few statements, and a stopped run keeps what it read'),
};

/** How card lists are read. */
const catalog = {
  narrowPageFromOffset: setting(
    120,
    'rows skipped',
    'A card page this deep or deeper picks its ids from the sort and filter columns (often an index alone) before reading and joining its own rows whole; a shallower one is one plain join. The subquery costs about 0.1 ms more to plan, reading and joining a skipped row whole about 1.1 µs: by name at 100,000 printings on PostgreSQL, plan and run took 0.37 ms plain and 0.49 ms narrow at offset 0, 0.46 and 0.49 at 96, 0.56 and 0.51 at 192, 1.49 and 0.57 at 960',
    true,
  ),
};

/** How the built app's files are cached by browsers and proxies. */
const staticFiles = {
  immutableMaxAge: setting(31_536_000, 's', "a year, the longest caches honour: a file under /assets/ has its content's hash in its name, so a new build gives it a new address and the old one never changes"),
};

export const serverSettings = { http, identifyPool, backgroundIndex, changeWatch, indexReload, throttle, collection, prices, catalog, staticFiles } as const;

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
