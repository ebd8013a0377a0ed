import type { TestBackend, TestApp } from './test-database.ts';
import { buildTestApp, testConfig } from './test-database.ts';
import { freePort } from './free-port.ts';
import { seedDevUsers } from '../identity/seed-dev-users.ts';

export const seedPasswords = { admin: 'admin-secret-1', collector: 'collector-secret-1' };

/**
 * The app listening on localhost (the provider's cookies need a real origin) with the two seeded
 * users and their known passwords; `realm` is what the code-flow helpers take.
 */
export async function startIdentityServer(backend: TestBackend): Promise<TestApp & { baseUrl: string; realm: { baseUrl: string; realmUrl: string; clientId: string } }> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const env = { PORT: String(port), DEV_ADMIN_PASSWORD: seedPasswords.admin, DEV_COLLECTOR_PASSWORD: seedPasswords.collector };
  const test = await buildTestApp(backend, { env });
  await seedDevUsers(test.app.db, testConfig(env));
  await test.app.listen({ port, host: 'localhost' });
  return { ...test, baseUrl, realm: { baseUrl, realmUrl: `${baseUrl}/realms/cardlens`, clientId: 'card-lens-app' } };
}
