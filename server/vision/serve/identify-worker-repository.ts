import type { MessagePort } from 'node:worker_threads';
import { FingerprintIndex } from '../search/fingerprint-index.ts';
import type { FingerprintRepository } from '../catalog-index/fingerprint-repository.ts';
import type { FineDetails } from '../search/fine-details.ts';
import type { MainThreadReads, ReadReply, ReadRequest } from './identify-pool-messages.ts';

/**
 * The fingerprint repository as a worker sees it: reads asked of the main thread over `port` (the
 * embedded database lives there and cannot be opened twice); writes belong to indexing, not here.
 */
export function mainThreadRepository(port: MessagePort): FingerprintRepository {
  let next = 0;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  port.on('message', (reply: ReadReply) => {
    const call = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('error' in reply) call?.reject(new Error(reply.error));
    else call?.resolve(reply.value);
  });
  const ask = <K extends keyof MainThreadReads>(method: K, ...args: Parameters<MainThreadReads[K]>): Promise<Awaited<ReturnType<MainThreadReads[K]>>> =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      port.postMessage({ id, method, args } as ReadRequest);
    });
  const refuse = () => Promise.reject(new Error('An identify worker only reads fingerprints'));
  return {
    loadIndex: async () => new FingerprintIndex(await ask('index')),
    fineDetails: (printingIds): Promise<Map<string, FineDetails>> => ask('fineDetails', printingIds),
    printingsToIndex: refuse,
    indexCounts: refuse,
    save: refuse,
  };
}
