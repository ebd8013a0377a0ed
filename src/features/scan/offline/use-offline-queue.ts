import { useCallback, useEffect, useRef, useState } from 'react';
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
  const draining = useRef(false);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  const store = useCallback(() => storeRef.current!, []);
  const reload = useCallback(async () => {
    const all = await (await store()).all();
    if (mounted.current) setScans(all);
  }, [store]);

  const drain = useCallback(async () => {
    if (draining.current) return;
    draining.current = true;
    clearTimeout(retry.current);
    try {
      const queue = await store();
      for (let scan = await queue.nextQueued(); scan && navigator.onLine && mounted.current; scan = await queue.nextQueued()) {
        const outcome = await identifyQueued(scan, identify, sessionRef.current);
        if (outcome === null) {
          retry.current = setTimeout(() => void drain(), clientSettings.offlineQueueRetry.value);
          break;
        }
        await queue.settle(scan.id, outcome);
        await reload();
      }
    } finally {
      draining.current = false;
    }
  }, [store, identify, reload]);

  useEffect(() => {
    mounted.current = true;
    const wentOnline = () => {
      setOnline(true);
      void drain();
    };
    const wentOffline = () => setOnline(false);
    window.addEventListener('online', wentOnline);
    window.addEventListener('offline', wentOffline);
    void reload().then(() => (navigator.onLine ? drain() : undefined));
    return () => {
      mounted.current = false;
      clearTimeout(retry.current);
      window.removeEventListener('online', wentOnline);
      window.removeEventListener('offline', wentOffline);
    };
  }, [drain, reload]);

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
      await reload();
      // The browser still thinks it is online, so no 'online' event will say when to try again.
      if (navigator.onLine && !draining.current) {
        clearTimeout(retry.current);
        retry.current = setTimeout(() => void drain(), clientSettings.offlineQueueRetry.value);
      }
      return { queued: true };
    },
    [identify, store, reload, drain],
  );

  const dismiss = useCallback(
    async (id: number) => {
      await (await store()).dismiss(id);
      await reload();
    },
    [store, reload],
  );

  const queued = scans.filter((scan) => scan.state === 'queued').length;
  return { scans, queued, online, identifyOrQueue, dismiss };
}

export type OfflineQueue = ReturnType<typeof useOfflineQueue>;
