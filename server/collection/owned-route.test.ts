import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { tokenMinter } from '../test-support/bearer-tokens.ts';
import { buildTestApp, readFixtureJson, testBackends, type TestApp } from '../test-support/test-database.ts';
import { serverSettings } from '../server-settings.ts';

describe.each(testBackends())('GET /v1/collection/owned on $name', (backend) => {
  let test: TestApp;
  let app: FastifyInstance;
  let mint: (subject: string) => Promise<string>;

  beforeAll(async () => {
    test = await buildTestApp(backend, { catalog: readFixtureJson() });
    app = test.app;
    mint = await tokenMinter(app.db);
  });
  afterAll(async () => {
    await test?.close();
  });

  async function collector(subject: string) {
    const headers = { authorization: `Bearer ${await mint(`${subject}-${backend.name}`)}` };
    return {
      add: (payload: object) => app.inject({ method: 'POST', url: '/v1/collection', headers, payload }),
      owned: (printingIds: string) => app.inject({ url: '/v1/collection/owned', query: { printingIds }, headers }),
    };
  }

  it('sums the copies of every condition, and leaves out what is not owned', async () => {
    const me = await collector('owner');
    await me.add({ printingId: 'en-alpha-1-normal', quantity: 2 });
    await me.add({ printingId: 'en-alpha-1-normal', condition: 'damaged' });
    await me.add({ printingId: 'en-alpha-2-holo' });
    const response = await me.owned('en-alpha-1-normal,en-alpha-1-reverse,en-alpha-2-holo');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      printings: [
        { printingId: 'en-alpha-1-normal', quantity: 3 },
        { printingId: 'en-alpha-2-holo', quantity: 1 },
      ],
    });
  });

  it("counts only the asker's own copies", async () => {
    const other = await collector('someone-else');
    await other.add({ printingId: 'en-alpha-1-reverse' });
    const me = await collector('newcomer');
    expect((await me.owned('en-alpha-1-reverse')).json()).toEqual({ printings: [] });
  });

  it('refuses more printings than one screen shows, and a list of none, naming the problem', async () => {
    const me = await collector('asker');
    const tooMany = Array.from({ length: serverSettings.collection.ownedMaxPrintings.value + 1 }, (_, i) => `en-alpha-${i}-normal`).join(',');
    const many = await me.owned(tooMany);
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ code: 'too_many_printing_ids' });
    const none = await me.owned(' , ');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'no_printing_ids' });
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({ url: '/v1/collection/owned', query: { printingIds: 'en-alpha-1-normal' } });
    expect(response.statusCode).toBe(401);
  });
});
