import { hashLayout, hashWords, thumbnailSize } from './card-fingerprint.ts';

/** What a candidate shows about a printing; loaded once with the fingerprints. */
export interface IndexedPrinting {
  printingId: string;
  cardId: string;
  cardName: string;
  setName: string;
  setCode: string;
  number: string;
  variant: string;
  language: string;
  /** The stored image base address (without /high.webp). */
  image: string | null;
}

export interface HashMatch {
  /** Position in the index. */
  position: number;
  /** Weighted Hamming distance, 0 (same) to about 1 (opposite); unrelated cards sit near 0.5. */
  distance: number;
}

function popcount(value: number): number {
  let x = value - ((value >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

// The strip has half the bits of the other regions; doubling them gives the three regions equal say.
const stripWeight = 2;
const maxDistance = 32 * (hashLayout.whole[1] - hashLayout.whole[0]) + 32 * (hashLayout.art[1] - hashLayout.art[0]) + stripWeight * 32 * (hashLayout.strip[1] - hashLayout.strip[0]);

const thumbnailPixels = thumbnailSize.width * thumbnailSize.height;

/** A thumbnail minus its mean, in signed bytes, with the inverse of its norm: correlations become one dot product. */
function centre(thumbnail: Uint8Array, into: Int8Array, offset: number): number {
  let sum = 0;
  for (let i = 0; i < thumbnailPixels; i++) sum += thumbnail[i]!;
  const mean = sum / thumbnailPixels;
  let squares = 0;
  for (let i = 0; i < thumbnailPixels; i++) {
    const value = Math.max(-127, Math.min(127, Math.round(thumbnail[i]! - mean)));
    into[offset + i] = value;
    squares += value * value;
  }
  return squares > 0 ? 1 / Math.sqrt(squares) : 0;
}

/**
 * Every printing's packed hashes in one typed array, searched exhaustively: at 50,000 printings a
 * query is a million 32-bit popcounts, a few milliseconds, and never misses the true nearest one.
 * The grey thumbnails stay in memory too (70 MB at 50,000 printings), so hundreds of hash
 * neighbours can be compared pixel by pixel without a database round trip: the hashes alone rank
 * the true printing low when many printings look alike.
 */
export class FingerprintIndex {
  readonly printings: IndexedPrinting[];
  private readonly hashes: Uint32Array;
  private readonly centred: Int8Array;
  private readonly inverseNorms: Float32Array;

  constructor(printings: IndexedPrinting[], hashes: Uint32Array, thumbnails: Uint8Array[]) {
    if (hashes.length !== printings.length * hashWords) throw new Error('hashes and printings differ in length');
    if (thumbnails.length !== printings.length) throw new Error('thumbnails and printings differ in length');
    this.printings = printings;
    this.hashes = hashes;
    this.centred = new Int8Array(printings.length * thumbnailPixels);
    this.inverseNorms = new Float32Array(printings.length);
    thumbnails.forEach((thumbnail, position) => {
      this.inverseNorms[position] = centre(thumbnail, this.centred, position * thumbnailPixels);
    });
  }

  /** Normalised correlation (-1..1) of a rectified photo's thumbnail with each given printing's. */
  correlate(thumbnail: Uint8Array, positions: number[]): Float32Array {
    const query = new Int8Array(thumbnailPixels);
    const queryNorm = centre(thumbnail, query, 0);
    const out = new Float32Array(positions.length);
    const centred = this.centred;
    positions.forEach((position, k) => {
      let dot = 0;
      for (let i = 0, j = position * thumbnailPixels; i < thumbnailPixels; i++, j++) dot += query[i]! * centred[j]!;
      out[k] = dot * queryNorm * this.inverseNorms[position]!;
    });
    return out;
  }

  get size(): number {
    return this.printings.length;
  }

  /** The `count` nearest printings, nearest first. */
  search(query: Uint32Array, count: number): HashMatch[] {
    const best: HashMatch[] = [];
    let worst = Infinity;
    const hashes = this.hashes;
    const [stripStart, stripEnd] = hashLayout.strip;
    const q = Array.from(query);
    for (let position = 0, offset = 0; position < this.printings.length; position++, offset += hashWords) {
      let main = 0;
      for (let w = 0; w < stripStart; w++) main += popcount(hashes[offset + w]! ^ q[w]!);
      let strip = 0;
      for (let w = stripStart; w < stripEnd; w++) strip += popcount(hashes[offset + w]! ^ q[w]!);
      const distance = main + stripWeight * strip;
      if (best.length < count || distance < worst) {
        let at = best.length;
        while (at > 0 && best[at - 1]!.distance > distance) at--;
        best.splice(at, 0, { position, distance });
        if (best.length > count) best.pop();
        worst = best[best.length - 1]!.distance;
      }
    }
    return best.map((match) => ({ position: match.position, distance: match.distance / maxDistance }));
  }
}
