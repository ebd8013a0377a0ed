import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { clientSettings } from '../../../lib/client-settings.ts';
import type { ScanCandidate } from '../../../lib/scan-candidate.ts';
import { useSessionAdd } from '../../collection/index.ts';
import { identifyCard } from '../identify-card.ts';
import { ScanQueueStore, type QueuedScan, type ScanOutcome } from './scan-queue-store.ts';

/** A live scan's candidates, or word that the photo waits in the queue for the network. */
export type IdentifyOutcome = { queued: false; candidates: ScanCandidate[] } | { queued: true };

type SessionAdd = ReturnType<typeof useSessionAdd>;

export interface OfflineQueueOptions {
  /** The queue's storage; one IndexedDB database for the app unless given. */
  openStore?: () => Promise<ScanQueueStore>;
  identify?: (photo: Blob) => Promise<ScanCandidate[]>;
}

let appStore: Promise<ScanQueueStore> | undefined;
const openAppStore = () => (appStore ??= ScanQueueStore.open());

const notSent = (error: unknown) => console.warn('The offline scan queue could not be sent:', error);

/** The server never answered: no network, or it dropped during the request. An answer, even an error, is not this. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === undefined;
}

/**
 * Identifies one queued photo as a live scan is: the server's candidates, and the sure match added
 * when the photo was taken with the scan session on, by the collector signed in now. Null when it
 * must wait for another try (no network, or the server failed: 5xx).
 */
async function identifyQueued(scan: QueuedScan, identify: (photo: Blob) => Promise<ScanCandidate[]>, session: SessionAdd): Promise<ScanOutcome | null> {
  let candidates: ScanCandidate[];
  try {
    candidates = await identify(scan.photo);
  } catch (error) {
    if (error instanceof ApiError && error.status !== undefined && error.status < 500) {
      return { state: 'refused', refusal: { status: error.status, code: error.code, message: error.message } };
    }
    console.warn('A queued scan waits for another try:', error);
    return null;
  }
  if (scan.autoAddFor === null || scan.autoAddFor !== session.owner) return { state: 'identified', candidates };
  try {
    const entry = await session.addSure(candidates);
    return { state: 'identified', candidates, ...(entry ? { added: 'added' as const } : {}) };
  } catch (error) {
    console.warn('Could not add the match of a queued scan:', error);
    return { state: 'identified', candidates, added: 'failed' };
  }
}

/**
 * The scans taken with no network: `identifyOrQueue` keeps a photo in IndexedDB when the server
 * cannot be reached; when the network is back (and at start-up) the queue is identified in order,
 * one at a time, and each answer waits in `scans` until dismissed.
 */
export function useOfflineQueue({ openStore = openAppStore, identify = identifyCard }: OfflineQueueOptions = {}) {
  const session = useSessionAdd();
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const storeRef = useRef<Promise<ScanQueueStore> | null>(null);
  storeRef.current ??= openStore();
  const [scans, setScans] = useState<QueuedScan[]>([]);
  const [online, setOnline] = useState(() => navigator.onLine);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shown = useRef(false);

  const store = useCallback(() => storeRef.current!, []);

  const tryAgainLater = useCallback((drain: () => Promise<void>) => {
    clearTimeout(retry.current);
    // Only while the Scan screen is open: it is tried again when the screen opens next.
    if (shown.current) retry.current = setTimeout(() => drain().catch(notSent), clientSettings.offlineQueueRetry.value);
  }, []);

  const drain = useCallback(async (): Promise<void> => {
    const queue = await store();
    if (queue.sending) return;
    queue.sending = true;
    clearTimeout(retry.current);
    try {
      for (let scan = await queue.nextQueued(); scan && navigator.onLine; scan = await queue.nextQueued()) {
        const outcome = await identifyQueued(scan, identify, sessionRef.current);
        if (outcome === null) {
          tryAgainLater(drain);
          break;
        }
        await queue.settle(scan.id, outcome);
      }
    } finally {
      queue.sending = false;
    }
  }, [store, identify, tryAgainLater]);

  useEffect(() => {
    let live = true;
    shown.current = true;
    let unsubscribe = () => {};
    const reload = async (queue: ScanQueueStore) => {
      const all = await queue.all();
      if (live) setScans(all);
    };
    store()
      .then(async (queue) => {
        if (!live) return;
        unsubscribe = queue.subscribe(() => void reload(queue));
        await reload(queue);
        if (navigator.onLine) await drain();
      })
      .catch((error: unknown) => console.warn('The offline scan queue is unavailable:', error));
    const wentOnline = () => {
      setOnline(true);
      drain().catch(notSent);
    };
    const wentOffline = () => setOnline(false);
    window.addEventListener('online', wentOnline);
    window.addEventListener('offline', wentOffline);
    return () => {
      live = false;
      shown.current = false;
      unsubscribe();
      clearTimeout(retry.current);
      window.removeEventListener('online', wentOnline);
      window.removeEventListener('offline', wentOffline);
    };
  }, [store, drain]);

  /** Identifies the photo now, or keeps it in the queue when the server cannot be reached. */
  const identifyOrQueue = useCallback(
    async (photo: Blob): Promise<IdentifyOutcome> => {
      if (navigator.onLine) {
        try {
          return { queued: false, candidates: await identify(photo) };
        } catch (error) {
          if (!isNetworkFailure(error)) throw error;
        }
      }
      await (await store()).add({ photo, takenAt: Date.now(), autoAddFor: sessionRef.current.addingFor });
      // The browser still thinks it is online, so no 'online' event will say when to try again.
      if (navigator.onLine) tryAgainLater(drain);
      return { queued: true };
    },
    [identify, store, drain, tryAgainLater],
  );

  const dismiss = useCallback(async (id: number) => (await store()).dismiss(id), [store]);

  // One object while nothing in it changes, so the Scan screen's side column need not render again.
  return useMemo(() => ({ scans, queued: scans.filter((scan) => scan.state === 'queued').length, online, identifyOrQueue, dismiss }), [scans, online, identifyOrQueue, dismiss]);
}

export type OfflineQueue = ReturnType<typeof useOfflineQueue>;
