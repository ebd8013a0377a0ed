import { hashWords } from '../describe/card-fingerprint.ts';
import { centre, coarsePixels, FingerprintIndex, sharedArray, typicalCardOf, type IndexedPrinting } from './fingerprint-index.ts';
import { compareIds } from './printing-order.ts';

export interface AddedPrinting {
  printing: IndexedPrinting;
  /** Its packed hash words as stored, `hashWords` × 4 bytes. */
  hashes: Uint8Array;
  thumbnail: Uint8Array;
}

export interface IndexChange {
  /** Printings the index lacks, in `compareIds` order. */
  added: AddedPrinting[];
  /** What the index shows of printings it holds, where that changed, by printing id. */
  shown: Map<string, IndexedPrinting>;
}

/** Where `id` goes among `printings`, kept in `compareIds` order. */
function insertionPoint(printings: IndexedPrinting[], id: string): number {
  let low = 0;
  let high = printings.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareIds(printings[middle]!.printingId, id) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The index `previous` would be read as after `change`: the same printings in the same order as a
 * whole read, built by copying runs of its arrays around the added printings (a copy of 100,000
 * printings' arrays takes milliseconds, a database read seconds).
 */
export function extendIndex(previous: FingerprintIndex, change: IndexChange): FingerprintIndex {
  const old = previous.shared;
  const count = old.printings.length + change.added.length;
  const words = sharedArray((buffer) => new Int32Array(buffer), count * hashWords * Int32Array.BYTES_PER_ELEMENT);
  const centred = sharedArray((buffer) => new Int8Array(buffer), count * coarsePixels);
  const inverseNorms = sharedArray((buffer) => new Float32Array(buffer), count * Float32Array.BYTES_PER_ELEMENT);
  const thumbnailSums = sharedArray((buffer) => new Float64Array(buffer), old.thumbnailSums.byteLength);
  thumbnailSums.set(old.thumbnailSums);
  const printings: IndexedPrinting[] = [];

  const copyOld = (from: number, to: number) => {
    const at = printings.length;
    for (let position = from; position < to; position++) {
      const printing = old.printings[position]!;
      printings.push(change.shown.get(printing.printingId) ?? printing);
    }
    words.set(old.words.subarray(from * hashWords, to * hashWords), at * hashWords);
    centred.set(old.centred.subarray(from * coarsePixels, to * coarsePixels), at * coarsePixels);
    inverseNorms.set(old.inverseNorms.subarray(from, to), at);
  };

  let copied = 0;
  for (const { printing, hashes, thumbnail } of change.added) {
    const before = insertionPoint(old.printings, printing.printingId);
    copyOld(copied, before);
    copied = before;
    const at = printings.length;
    printings.push(printing);
    words.set(new Int32Array(hashes.buffer.slice(hashes.byteOffset, hashes.byteOffset + hashWords * 4)), at * hashWords);
    inverseNorms[at] = centre(thumbnail, centred, at * coarsePixels);
    for (let i = 0; i < thumbnailSums.length; i++) thumbnailSums[i]! += thumbnail[i]!;
  }
  copyOld(copied, old.printings.length);

  return new FingerprintIndex({ printings, words, centred, inverseNorms, typicalCard: typicalCardOf(thumbnailSums, count), thumbnailSums });
}
