import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifySettings } from '../identify-settings.ts';
import { buildTestApp, readFixtureJson, testBackends, type TestApp } from '../../test-support/test-database.ts';
import { hashWords, stripSize, textSize, thumbnailSize, type CardFingerprint } from '../describe/card-fingerprint.ts';
import { createFingerprintRepository, type FingerprintRepository } from './fingerprint-repository.ts';

/** Every byte value, in a different order for each field, so a codec that drops or shifts one shows. */
function fingerprintOf(seed: number): CardFingerprint {
  const bytes = (length: number, step: number) => Uint8Array.from({ length }, (_, i) => (seed * 31 + i * step) % 256);
  return {
    hashes: Uint32Array.from({ length: hashWords }, (_, i) => (0x9e3779b9 * (i + seed)) >>> 0),
    thumbnail: bytes(thumbnailSize.width * thumbnailSize.height, 7),
    strip: bytes(stripSize.width * stripSize.height, 13),
    text: bytes(textSize.width * textSize.height, 5),
  };
}

describe.each(testBackends())('fingerprint repository on $name', (backend) => {
  let test: TestApp;
  let repository: FingerprintRepository;

  beforeAll(async () => {
    test = await buildTestApp(backend, { catalog: readFixtureJson() });
    repository = createFingerprintRepository(test.app.db);
  });

  afterAll(async () => {
    await test?.close();
  });

  it('reads every fingerprint back byte for byte', async () => {
    const { todo } = await repository.printingsToIndex({ force: false });
    expect(todo.length).toBeGreaterThan(1);
    const saved = todo.map((printing, i) => ({ ...printing, fingerprint: fingerprintOf(i + 1) }));
    await repository.save(saved);

    const index = await repository.loadIndex();
    expect(index.size).toBe(saved.length);
    const details = await repository.fineDetails(saved.map((row) => row.printingId));
    for (const { printingId, fingerprint } of saved) {
      const position = index.printings.findIndex((printing) => printing.printingId === printingId);
      expect(index.distance(fingerprint.hashes, position, identifySettings.search.stripHashWeight.value)).toBe(0);
      const detail = details.get(printingId)!;
      expect([...detail.thumbnail]).toEqual([...fingerprint.thumbnail]);
      expect([...detail.strip]).toEqual([...fingerprint.strip]);
      expect([...detail.text]).toEqual([...fingerprint.text]);
    }
    expect(await repository.printingsToIndex({ force: false })).toEqual({ todo: [], upToDate: saved.length });
  });
});
