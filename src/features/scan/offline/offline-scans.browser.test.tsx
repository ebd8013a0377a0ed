import { afterEach, describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { IntlProvider } from 'react-intl';
import { deleteDB } from 'idb';
import { messagesByLocale } from '../../../i18n/messages.ts';
import type { ScanCandidate } from '../../../lib/scan-candidate.ts';
import { setUpScreenTests } from '../../../test-support/screen-test-setup.ts';
import { OfflineScans } from './offline-scans.tsx';
import { ScanQueueStore } from './scan-queue-store.ts';
import { useOfflineQueue } from './use-offline-queue.ts';

let name = '';
const opened: ScanQueueStore[] = [];

async function open(): Promise<ScanQueueStore> {
  const store = await ScanQueueStore.open(name);
  opened.push(store);
  return store;
}

/** The Scan screen's list of offline scans, its queue kept in the test's own database. */
function OfflineList() {
  const queue = useOfflineQueue({ openStore: open });
  const capture = async () => (await queue.identifyOrQueue(await jpeg())).queued && document.body.setAttribute('data-queued', 'yes');
  return (
    <>
      <button type="button" onClick={() => void capture()}>
        Take Photo
      </button>
      <OfflineScans queue={queue} />
    </>
  );
}

const renderList = () =>
  render(
    <IntlProvider locale="en" messages={messagesByLocale.en}>
      <OfflineList />
    </IntlProvider>,
  );

/** A real JPEG, as the engine's capture is: a plain grey frame. */
async function jpeg(): Promise<Blob> {
  const canvas = new OffscreenCanvas(64, 90);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#888';
  context.fillRect(0, 0, 64, 90);
  return canvas.convertToBlob({ type: 'image/jpeg' });
}

const pikachu: ScanCandidate = {
  printingId: 'en-alpha-1-normal',
  cardName: 'Pikachu',
  setName: 'Alpha Base',
  number: '1',
  variant: 'normal',
  language: 'en',
  score: 97.2,
  imageUrl: '/nothing/high.png',
  urls: { cardUrl: 'https://example.org/card', searchInSetUrl: 'https://example.org/set' },
};

/** The browser says it has no network until `reconnect()`, which fires its 'online' event. */
function goOffline() {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  return () => {
    onLine.mockRestore();
    window.dispatchEvent(new Event('online'));
  };
}

setUpScreenTests();
afterEach(async () => {
  for (const store of opened.splice(0)) store.close();
  await deleteDB(name);
});

const items = () => page.getByRole('listitem').elements().map((item) => item.querySelector('.offline-scan-body p:nth-child(2)')?.textContent);

describe('scans taken offline', () => {
  test('the note counts the queued scans, and an answer waits with its photo until dismissed, across a reload', async () => {
    name = 'offline-scans-review';
    const store = await open();
    const answered = await store.add({ photo: await jpeg(), takenAt: Date.UTC(2026, 10, 26, 9, 15), autoAddFor: null });
    await store.settle(answered.id, { state: 'identified', candidates: [pikachu] });
    await store.add({ photo: await jpeg(), takenAt: Date.UTC(2026, 10, 26, 9, 16), autoAddFor: null });
    await store.add({ photo: await jpeg(), takenAt: Date.UTC(2026, 10, 26, 9, 17), autoAddFor: null });
    goOffline();

    const first = await renderList();
    await expect.element(page.getByText('Offline: 2 scans queued. They will be identified when the network is back.')).toBeVisible();
    expect(items()).toEqual(['Pikachu', 'Waiting for the network', 'Waiting for the network']);
    expect(page.getByRole('img', { name: /^Photo taken at/ }).elements()).toHaveLength(3);

    await page.getByRole('button', { name: 'Show matches' }).click();
    await expect.element(page.getByRole('heading', { name: 'Scan Results' })).toBeVisible();
    await expect.element(page.getByRole('heading', { name: 'Pikachu', level: 3 })).toBeVisible();

    // A reload: the list comes back from IndexedDB as it was.
    await first.unmount();
    const second = await renderList();
    await expect.element(page.getByText('Offline: 2 scans queued.', { exact: false })).toBeVisible();
    await expect.poll(items).toEqual(['Pikachu', 'Waiting for the network', 'Waiting for the network']);

    await page.getByRole('listitem').first().getByRole('button', { name: /^Dismiss the scan taken at/ }).click();
    await expect.poll(items).toEqual(['Waiting for the network', 'Waiting for the network']);
    await second.unmount();
    await renderList();
    await expect.element(page.getByText('Offline: 2 scans queued.', { exact: false })).toBeVisible();
    expect(items()).toEqual(['Waiting for the network', 'Waiting for the network']);
  });

  test('a photo taken with no network is queued and counted at once', async () => {
    name = 'offline-scans-capture';
    goOffline();
    await renderList();
    await page.getByRole('button', { name: 'Take Photo' }).click();
    await expect.element(page.getByText('Offline: 1 scan queued. They will be identified when the network is back.')).toBeVisible();
    await page.getByRole('button', { name: 'Take Photo' }).click();
    await expect.element(page.getByText('Offline: 2 scans queued.', { exact: false })).toBeVisible();
    expect(items()).toEqual(['Waiting for the network', 'Waiting for the network']);
  });

  test('when the network is back the queue is sent in order: a refused photo says why, one the server cannot answer yet stays queued', async () => {
    name = 'offline-scans-sent';
    const store = await open();
    await store.add({ photo: new Blob([], { type: 'image/jpeg' }), takenAt: Date.UTC(2026, 10, 26, 9, 15), autoAddFor: null });
    await store.add({ photo: await jpeg(), takenAt: Date.UTC(2026, 10, 26, 9, 16), autoAddFor: null });
    const reconnect = goOffline();

    await renderList();
    await expect.element(page.getByText('Offline: 2 scans queued.', { exact: false })).toBeVisible();
    reconnect();
    await expect.element(page.getByText('Not identified: The photo is empty. Please take it again.')).toBeVisible();
    // The test server has learned no card yet: it answers 503, so the photo waits for another try.
    await expect.element(page.getByText('1 scan taken offline is waiting to be identified.')).toBeVisible();
    expect(items()).toEqual(['Not identified: The photo is empty. Please take it again.', 'Waiting for the network']);
  });
});
