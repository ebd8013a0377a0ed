import type { CardFingerprint } from '../../server/vision/describe/card-fingerprint.ts';
import { FingerprintIndex, type IndexedPrinting } from '../../server/vision/search/fingerprint-index.ts';
import type { FingerprintRepository } from '../../server/vision/catalog-index/fingerprint-repository.ts';
import type { FineDetails } from '../../server/vision/search/fine-details.ts';

export interface MemoryEntry {
  printing: IndexedPrinting;
  fingerprint: CardFingerprint;
}

/** The repository's read side over arrays, so the benchmark can pad the catalogue to 50,000 printings. */
export function memoryFingerprintRepository(entries: MemoryEntry[]): FingerprintRepository {
  const index = FingerprintIndex.fromFingerprints(
    entries.map((entry) => entry.printing),
    entries.map((entry) => entry.fingerprint),
  );
  const details = new Map<string, FineDetails>(entries.map((entry) => [entry.printing.printingId, entry.fingerprint]));
  return {
    loadIndex: async () => index,
    fineDetails: async (ids) => new Map(ids.flatMap((id) => (details.has(id) ? [[id, details.get(id)!] as const] : []))),
    printingsToIndex: async () => ({ todo: [], upToDate: entries.length }),
    indexCounts: async () => ({ total: entries.length, upToDate: entries.length }),
    save: async () => {},
  };
}
