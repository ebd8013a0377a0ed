import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../http-error.ts';
import { createImportPool, importPoolSettings } from './import-pool.ts';
import type { PlanTask } from './plan-import.ts';

const limits = { maxQuantity: 9_999, maxRows: 50_000, reportedProblems: 200, previewRows: 50 };
const task = (): PlanTask => ({
  layout: 'generic',
  file: new TextEncoder().encode('printing_id,condition,quantity\nen-a-1,NM,2\n'),
  identities: [{ id: 'en-a-1', set_id: 'a', set_code: 'A', set_name: 'Alpha', local_id: '1', language: 'en', variant: 'normal', name: 'Pikachu' }],
  owned: [],
  limits,
  entries: true,
});

describe('the import pool', () => {
  const pool = createImportPool(importPoolSettings({ threads: 1, queue: 4 }));
  afterAll(() => pool.close());

  it('reads the file on its thread, and refuses a collector a second file while the first is under way', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let readFirst!: () => void;
    const firstRead = new Promise<void>((resolve) => (readFirst = resolve));
    const first = pool.run('collector-a', task(), async (outcome) => {
      readFirst();
      await held;
      return outcome;
    });
    await firstRead;

    const second = pool.run('collector-a', task(), async () => 'read');
    await expect(second).rejects.toBeInstanceOf(HttpError);
    await expect(second).rejects.toMatchObject({ statusCode: 429, code: 'import_in_progress', headers: { 'retry-after': '5' } });
    // Another collector is not held up.
    await expect(pool.run('collector-b', task(), async () => 'read')).resolves.toBe('read');

    release();
    expect(await first).toMatchObject({ entries: [{ printingId: 'en-a-1', condition: 'near_mint', quantity: 2 }] });
    // Once the first is written, the collector's next file is read.
    await expect(pool.run('collector-a', task(), async () => 'read')).resolves.toBe('read');
  });
});
