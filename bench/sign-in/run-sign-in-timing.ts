// `npm run bench:sign-in`: how long a wrong password takes to be refused, for an email that has an
// account and for one that has none, alternating, on the real provider (PGlite in memory). Each
// attempt comes from its own address (TRUST_PROXY and X-Forwarded-For) so the throttle stays out of it.
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/env.ts';
import { hashPassword } from '../../server/identity/password-hash.ts';
import { createIdentityUserRepository } from '../../server/identity/identity-user-repository.ts';
import { openLoginPage, request } from '../../server/identity/oidc-flow.ts';

const attempts = Number(process.env.BENCH_ATTEMPTS ?? 40);
const port = 18_000 + Math.floor(Math.random() * 1000);
const baseUrl = `http://localhost:${port}`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const app = await buildApp({ config: readConfig({ STATIC_DIR: '/nonexistent', PORT: String(port), TRUST_PROXY: 'true' }), database: { kind: 'pglite' } });
try {
  const users = createIdentityUserRepository(app.db);
  const passwordHash = await hashPassword('the-right-password');
  for (let n = 0; n < attempts; n++) await users.create({ email: `known-${n}@example.org`, firstName: 'K', lastName: 'K', passwordHash, roles: ['collector'] });
  await app.listen({ port, host: 'localhost' });
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let n = 0; n < 2 * attempts; n++) {
    const kind = n % 2 === 0 ? 'known' : 'unknown';
    const address = `10.0.${Math.floor(n / 250)}.${n % 250}`;
    const { jar, loginUrl } = await openLoginPage({ baseUrl, realmUrl: `${baseUrl}/realms/cardlens`, clientId: 'card-lens-app' });
    const started = performance.now();
    const response = await request(jar, loginUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
      body: new URLSearchParams({ email: `${kind}-${Math.floor(n / 2)}@example.org`, password: 'a-wrong-password' }).toString(),
    });
    await response.text();
    if (response.status !== 401) throw new Error(`expected 401, got ${response.status}`);
    times[kind].push(performance.now() - started);
  }
  const known = median(times.known);
  const unknown = median(times.unknown);
  console.log(`wrong password, ${attempts} attempts each: known email p50 ${known.toFixed(1)} ms, unknown email p50 ${unknown.toFixed(1)} ms, ratio ${(known / unknown).toFixed(2)}`);
} finally {
  await app.close();
}
