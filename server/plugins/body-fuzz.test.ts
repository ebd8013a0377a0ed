import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importJWK, SignJWT, type CryptoKey } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCatalog } from '../../fixtures/identify/generate-test-catalog.ts';
import { createIdentityUserRepository } from '../identity/identity-user-repository.ts';
import { loadSigningKey } from '../identity/signing-key.ts';
import { buildTestApp, testBackends, type TestApp } from '../test-support/test-database.ts';
import { createFingerprintRepository } from '../vision/catalog-index/fingerprint-repository.ts';
import { indexCatalog } from '../vision/catalog-index/index-catalog.ts';
import { seededRandom } from '../../fixtures/identify/seeded-random.ts';

const outDir = fileURLToPath(new URL('../../fixtures/identify/out/body-fuzz', import.meta.url));
/** Mutated bodies of each kind per run; FUZZ_BODIES raises it for a longer search. */
const bodiesPerKind = Number(process.env.FUZZ_BODIES ?? 1_200);

const multipartPieces = ['\r\n', '\r\n\r\n', '--', '--XyZ', '--XyZ--', '"', ';', '\0', 'Content-Disposition: form-data; name="file"', 'filename="a.jpg"', 'Content-Type: image/png', '\xff\xd8\xff', 'é', ' '];
const jsonPieces = ['\\u0000', '\u0000', '\u0007', '\u007f', '"', '{', '}', '[', ']', ',', ':', '\\', 'null', 'true', '1e999', '-0', '"__proto__"', '"constructor"', '\ud800', '🃏', 'x'.repeat(300)];

function generator(seed: number) {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const mutateBytes = (bytes: Buffer, pieces: readonly string[]): Buffer => {
    const at = Math.floor(next() * (bytes.length + 1));
    switch (Math.floor(next() * 6)) {
      case 0:
        return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1 + Math.floor(next() * 40))]);
      case 1:
        return Buffer.concat([bytes.subarray(0, at), Buffer.from(pick(pieces), 'latin1'), bytes.subarray(at)]);
      case 2:
        return bytes.subarray(0, at);
      case 3:
        return Buffer.concat([bytes, bytes.subarray(at)]);
      case 4: {
        const copy = Buffer.from(bytes);
        if (at < copy.length) copy[at] = Math.floor(next() * 256);
        return copy;
      }
      default:
        return Buffer.concat([bytes.subarray(at), bytes.subarray(0, at)]);
    }
  };
  return { next, pick, mutateBytes };
}

describe.each(testBackends())('request bodies under fuzzing on $name', (backend) => {
  let test_: TestApp;
  let bearer: string;
  const images: Buffer[] = [];

  beforeAll(async () => {
    const catalog = await generateTestCatalog(outDir, { seed: 3, sets: 1, cards: 2, reprints: 0, outside: 0, translations: 0 });
    test_ = await buildTestApp(backend, { catalog: JSON.parse(readFileSync(catalog.catalogFile, 'utf8')) });
    await indexCatalog(createFingerprintRepository(test_.app.db), { assetsBaseUrl: 'https://assets.tcgdex.net', imagesDir: catalog.imagesDir });
    await test_.app.ready();
    const tiny = sharp({ create: { width: 24, height: 32, channels: 3, background: '#a08060' } });
    images.push(await tiny.clone().jpeg().toBuffer(), await tiny.clone().png().toBuffer(), await tiny.clone().webp().toBuffer(), await tiny.clone().gif().toBuffer());
    images.push(Buffer.from('not a photo at all'), Buffer.alloc(0));

    const jwk = await loadSigningKey(test_.app.db);
    const user = (await createIdentityUserRepository(test_.app.db).create({ email: 'fuzz@example.org', firstName: 'F', lastName: 'Z', passwordHash: null, roles: ['collector'] }))!;
    const now = Math.floor(Date.now() / 1000);
    bearer = await new SignJWT({ realm_access: { roles: ['collector'] }, preferred_username: 'fuzz@example.org' })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
      .setSubject(user.id)
      .setIssuer('http://localhost:8080/realms/cardlens')
      .setAudience('card-lens-api')
      .setIssuedAt(now - 10)
      .setExpirationTime(now + 3600)
      .sign((await importJWK(jwk, 'RS256')) as CryptoKey);
  }, 120_000);
  afterAll(() => test_?.close());

  function expectClientAnswer(label: string, response: { statusCode: number; body: string }, statuses: Map<number, number>) {
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    if (response.statusCode < 200 || response.statusCode >= 500 || (response.statusCode >= 300 && response.statusCode < 400)) {
      throw new Error(`${label} answered ${response.statusCode}: ${response.body}`);
    }
    if (response.statusCode >= 400) {
      const body = JSON.parse(response.body) as Record<string, unknown>;
      if (body.status !== response.statusCode || typeof body.error !== 'string' || typeof body.message !== 'string' || body.message === '') {
        throw new Error(`${label} answered ${response.statusCode} outside the API shape: ${response.body}`);
      }
    }
  }

  it(`answers ${bodiesPerKind} mutated photo uploads with 2xx or 4xx in the API shape, never anything else`, async () => {
    const gen = generator(11);
    const statuses = new Map<number, number>();
    for (let i = 0; i < bodiesPerKind; i++) {
      const boundary = gen.pick(['XyZ', 'XyZ', 'XyZ', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'a'.repeat(80), '"XyZ"', '']);
      const field = gen.pick(['file', 'file', 'file', 'photo', '', 'file"; x="']);
      const image = gen.pick(images);
      let body: Buffer = Buffer.concat([
        Buffer.from(`--XyZ\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`),
        Buffer.from(`--XyZ\r\nContent-Disposition: form-data; name="${field}"; filename="card.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`, 'latin1'),
        image,
        Buffer.from('\r\n--XyZ--\r\n'),
      ]);
      const mutations = gen.next() < 0.2 ? 0 : 1 + Math.floor(gen.next() * 3);
      for (let m = 0; m < mutations; m++) body = gen.mutateBytes(body, multipartPieces);
      const contentType = gen.pick([`multipart/form-data; boundary=${boundary}`, `multipart/form-data; boundary=${boundary}`, 'multipart/form-data', 'multipart/mixed; boundary=XyZ', 'multipart/form-data; boundary=XyZ; charset=latin1', 'image/jpeg']);
      const response = await test_.app.inject({ method: 'POST', url: '/v1/vision/identify', headers: { 'content-type': contentType }, payload: body });
      expectClientAnswer(`upload #${i} (seed 11)`, response, statuses);
    }
    // Good photos, broken forms and refused files are all exercised.
    expect(statuses.get(200)).toBeGreaterThan(20);
    expect(statuses.get(400)).toBeGreaterThan(300);
    expect(statuses.get(415)).toBeGreaterThan(20);
  }, 60_000);

  it(`answers ${bodiesPerKind} mutated registration and profile bodies with 2xx or 4xx in the API shape, never anything else`, async () => {
    const gen = generator(12);
    const statuses = new Map<number, number>();
    for (let i = 0; i < bodiesPerKind; i++) {
      const profile = { firstName: 'Casey', lastName: 'Collector', language: 'en', timezone: 'Europe/Paris', darkmode: false, email: `casey${i}@example.org` };
      let text: Buffer = Buffer.from(JSON.stringify(profile));
      const mutations = gen.next() < 0.15 ? 0 : 1 + Math.floor(gen.next() * 3);
      for (let m = 0; m < mutations; m++) text = gen.mutateBytes(text, jsonPieces);
      const contentType = gen.pick(['application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1']);
      const register = i % 2 === 0;
      const response = await test_.app.inject({
        method: register ? 'POST' : 'PUT',
        url: register ? '/v1/auth/register' : '/v1/auth/profile',
        headers: register ? { 'content-type': contentType } : { 'content-type': contentType, authorization: `Bearer ${bearer}` },
        // Each from its own address, so the registration throttle does not answer most of them.
        remoteAddress: `10.12.${i >> 8}.${i & 255}`,
        payload: text,
      });
      expectClientAnswer(`${register ? 'registration' : 'profile'} #${i} (seed 12)`, response, statuses);
    }
    expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(100);
    expect(statuses.get(400)).toBeGreaterThan(300);
  }, 60_000);
});
