import type { MessagePort } from 'node:worker_threads';
import { FingerprintIndex } from '../search/fingerprint-index.ts';
import type { FingerprintRepository } from '../catalog-index/fingerprint-repository.ts';
import type { FineDetails } from '../search/fine-details.ts';
import { askMainThread } from './identify-pool-reads.ts';

/**
 * The fingerprint repository as a worker sees it: reads asked of the main thread over `port` (the
 * embedded database lives there and cannot be opened twice); writes belong to indexing, not here.
 */
export function mainThreadRepository(port: MessagePort): FingerprintRepository {
  const mainThread = askMainThread(port);
  const refuse = () => Promise.reject(new Error('An identify worker only reads fingerprints'));
  return {
    loadIndex: async () => new FingerprintIndex(await mainThread.index()),
    fineDetails: (printingIds): Promise<Map<string, FineDetails>> => mainThread.fineDetails(printingIds),
    printingsToIndex: refuse,
    indexCounts: refuse,
    save: refuse,
  };
}
