import { afterEach, describe, expect, test } from 'vitest';
import { deleteDB } from 'idb';
import { ScanQueueStore } from './scan-queue-store.ts';

let name = '';
let stores: ScanQueueStore[] = [];

/** A store as the app opens it; each test has a database of its own. */
async function open(): Promise<ScanQueueStore> {
  const store = await ScanQueueStore.open(name);
  stores.push(store);
  return store;
}

const photo = (text: string) => new Blob([text], { type: 'image/jpeg' });

afterEach(async () => {
  for (const store of stores) store.close();
  stores = [];
  await deleteDB(name);
});

describe('the offline scan queue in IndexedDB', () => {
  test('queued photos outlive the page that took them, in the order taken, and the oldest is identified first', async () => {
    name = 'scan-queue-order';
    const before = await open();
    await before.add({ photo: photo('first'), takenAt: 1000, autoAddFor: null });
    await before.add({ photo: photo('second'), takenAt: 2000, autoAddFor: 'collector-1' });
    before.close();

    const after = await open();
    const scans = await after.all();
    expect(scans.map((scan) => [scan.takenAt, scan.state, scan.autoAddFor])).toEqual([
      [1000, 'queued', null],
      [2000, 'queued', 'collector-1'],
    ]);
    expect(await scans[1]!.photo.text()).toBe('second');
    expect((await after.nextQueued())?.takenAt).toBe(1000);
  });

  test('an answer is kept with its photo until dismissed, and the next queued photo comes up', async () => {
    name = 'scan-queue-answers';
    const store = await open();
    const first = await store.add({ photo: photo('first'), takenAt: 1000, autoAddFor: null });
    const second = await store.add({ photo: photo('second'), takenAt: 2000, autoAddFor: null });
    await store.settle(first.id, { state: 'refused', refusal: { status: 415, code: 'unsupported_media_type', message: 'Not an image' } });
    expect((await store.nextQueued())?.id).toBe(second.id);
    await store.settle(second.id, { state: 'identified', candidates: [], added: undefined });
    expect(await store.nextQueued()).toBeUndefined();
    store.close();

    const reopened = await open();
    const kept = await reopened.all();
    expect(kept.map((scan) => scan.state)).toEqual(['refused', 'identified']);
    expect(kept[0]!.refusal?.message).toBe('Not an image');
    expect(await kept[0]!.photo.text()).toBe('first');
    await reopened.dismiss(first.id);
    expect((await (await open()).all()).map((scan) => scan.id)).toEqual([second.id]);
  });
});
