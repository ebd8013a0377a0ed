import { coarseSize, coarseThumbnail, hashLayout, hashWords, thumbnailSize, type CardFingerprint } from '../describe/card-fingerprint.ts';

/** What a candidate shows about a printing; loaded once with the fingerprints. */
export interface IndexedPrinting {
  printingId: string;
  cardId: string;
  cardName: string;
  setName: string;
  setCode: string;
  number: string;
  /** The set's printed size ("/102"); null when the catalogue does not know it. */
  setTotal: number | null;
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

/** The largest weighted distance: every bit differs. */
const maxDistance = (stripWeight: number) => 32 * (hashLayout.whole[1] - hashLayout.whole[0]) + 32 * (hashLayout.art[1] - hashLayout.art[0]) + stripWeight * 32 * (hashLayout.strip[1] - hashLayout.strip[0]);

const [stripStart, stripEnd] = hashLayout.strip;
const [lowStart, lowEnd] = [hashLayout.lowWhole[0], hashLayout.lowArt[1]];

/** No kept match yet to beat: a small integer, so distances stay integers the engine adds fast. */
const unbounded = 0x7fffffff;

/** Hamming distance of a query to the printing whose hashes start at `offset`, the strip's bits weighted; counting stops once it reaches `worst`. */
function weightedDistance(words: Int32Array, offset: number, query: Int32Array, worst: number, stripWeight: number): number {
  let distance = 0;
  for (let w = 0; w < stripStart && distance < worst; w++) distance += popcount(words[offset + w]! ^ query[w]!);
  if (distance >= worst) return distance;
  for (let w = stripStart; w < stripEnd; w++) distance += stripWeight * popcount(words[offset + w]! ^ query[w]!);
  return distance;
}

/** Hamming distance of the lowest frequencies alone, whole card and art box. */
function lowDistance(words: Int32Array, offset: number, query: Int32Array): number {
  let distance = 0;
  for (let w = lowStart; w < lowEnd; w++) distance += popcount(words[offset + w]! ^ query[w]!);
  return distance;
}

/** The `count` smallest distances offered so far, smallest first, with their positions. */
class Nearest {
  readonly positions: Int32Array;
  readonly distances: Int32Array;
  size = 0;

  constructor(private readonly count: number) {
    this.positions = new Int32Array(count);
    this.distances = new Int32Array(count);
  }

  /** What a distance must stay under to be kept. */
  get worst(): number {
    if (this.size < this.count) return unbounded;
    return this.count === 0 ? 0 : this.distances[this.count - 1]!;
  }

  offer(position: number, distance: number): void {
    if (distance >= this.worst) return;
    let at = Math.min(this.size, this.count - 1);
    while (at > 0 && this.distances[at - 1]! > distance) {
      this.distances[at] = this.distances[at - 1]!;
      this.positions[at] = this.positions[at - 1]!;
      at--;
    }
    this.distances[at] = distance;
    this.positions[at] = position;
    if (this.size < this.count) this.size += 1;
  }
}

/** How many printings a hash search keeps for each query. */
export interface SearchPool {
  /** Nearest by every bit, weighted: the right printing when the outline was close. */
  near: number;
  /** Nearest by the lowest frequencies alone: the right printing when the outline was several percent off. */
  roughlyNear: number;
  /** The strip's bits weigh this much in a distance (`search.stripHashWeight`). */
  stripWeight: number;
}

// The shortlist is compared at half the thumbnail's resolution: a rectified photo a few percent off
// still lines up cell for cell, and the index holds a quarter of the bytes.
export const coarsePixels = coarseSize.width * coarseSize.height;

/** A thumbnail halved, minus its mean, in signed bytes, with the inverse of its norm: a correlation becomes one dot product. */
export function centre(thumbnail: Uint8Array, into: Int8Array, offset: number): number {
  const cells = coarseThumbnail(thumbnail);
  let sum = 0;
  for (const value of cells) sum += value;
  const mean = sum / coarsePixels;
  let squares = 0;
  for (let i = 0; i < coarsePixels; i++) {
    const value = Math.max(-127, Math.min(127, Math.round(cells[i]! - mean)));
    into[offset + i] = value;
    squares += value * value;
  }
  return squares > 0 ? 1 / Math.sqrt(squares) : 0;
}

/**
 * What a search reads, its arrays on shared memory: worker threads handed it search one copy
 * (structured cloning shares a SharedArrayBuffer), only the printings' descriptions are copied.
 */
export interface SharedIndex {
  printings: IndexedPrinting[];
  /** Every printing's hash words, back to back, signed as the query's are so they XOR as small integers. */
  words: Int32Array;
  /** Every printing's coarse thumbnail minus its mean. */
  centred: Int8Array;
  inverseNorms: Float32Array;
  typicalCard: Uint8Array;
  /** Every thumbnail added up, pixel by pixel: the typical card again after printings are added. */
  thumbnailSums: Float64Array;
}

export const sharedArray = <T>(make: (buffer: SharedArrayBuffer) => T, bytes: number): T => make(new SharedArrayBuffer(bytes));

/** The mean of the thumbnails `sums` adds up. */
export function typicalCardOf(sums: Float64Array, count: number): Uint8Array {
  const typicalCard = sharedArray((buffer) => new Uint8Array(buffer), sums.length);
  sums.forEach((sum, i) => (typicalCard[i] = Math.round(sum / Math.max(1, count))));
  return typicalCard;
}

function shareIndex(printings: IndexedPrinting[], hashes: Uint32Array, thumbnails: Uint8Array[]): SharedIndex {
  if (hashes.length !== printings.length * hashWords) throw new Error('hashes and printings differ in length');
  if (thumbnails.length !== printings.length) throw new Error('thumbnails and printings differ in length');
  const words = sharedArray((buffer) => new Int32Array(buffer), hashes.byteLength);
  words.set(new Int32Array(hashes.buffer, hashes.byteOffset, hashes.length));
  const centred = sharedArray((buffer) => new Int8Array(buffer), printings.length * coarsePixels);
  const inverseNorms = sharedArray((buffer) => new Float32Array(buffer), printings.length * Float32Array.BYTES_PER_ELEMENT);
  thumbnails.forEach((thumbnail, position) => {
    inverseNorms[position] = centre(thumbnail, centred, position * coarsePixels);
  });
  const thumbnailSums = sharedArray((buffer) => new Float64Array(buffer), thumbnailSize.width * thumbnailSize.height * Float64Array.BYTES_PER_ELEMENT);
  for (const thumbnail of thumbnails) for (let i = 0; i < thumbnailSums.length; i++) thumbnailSums[i]! += thumbnail[i]!;
  return { printings, words, centred, inverseNorms, typicalCard: typicalCardOf(thumbnailSums, thumbnails.length), thumbnailSums };
}

/**
 * Every printing's packed hashes in one typed array, searched exhaustively: at 50,000 printings a
 * query is a million 32-bit popcounts, a few milliseconds, and never misses the true nearest one.
 * The grey thumbnails stay in memory too (18 MB at 50,000 printings), so hundreds of hash
 * neighbours can be compared pixel by pixel without a database round trip: the hashes alone rank
 * the true printing low when many printings look alike.
 */
export class FingerprintIndex {
  readonly printings: IndexedPrinting[];
  /** The arrays searched, to hand to another thread. */
  readonly shared: SharedIndex;
  private readonly words: Int32Array;
  private readonly centred: Int8Array;
  private readonly inverseNorms: Float32Array;
  /** Each card's printings (its languages and variants), by card id. */
  private readonly cards = new Map<string, number[]>();

  constructor(printings: IndexedPrinting[], hashes: Uint32Array, thumbnails: Uint8Array[]);
  /** The index another thread built, over the same memory. */
  constructor(shared: SharedIndex);
  constructor(from: IndexedPrinting[] | SharedIndex, hashes?: Uint32Array, thumbnails?: Uint8Array[]) {
    this.shared = Array.isArray(from) ? shareIndex(from, hashes!, thumbnails!) : from;
    ({ printings: this.printings, words: this.words, centred: this.centred, inverseNorms: this.inverseNorms, typicalCard: this.typicalCard } = this.shared);
    this.printings.forEach((printing, position) => {
      const known = this.cards.get(printing.cardId);
      if (known) known.push(position);
      else this.cards.set(printing.cardId, [position]);
    });
  }

  /** An index over fingerprints held in memory, one per printing. */
  static fromFingerprints(printings: IndexedPrinting[], fingerprints: CardFingerprint[]): FingerprintIndex {
    const hashes = new Uint32Array(fingerprints.length * hashWords);
    fingerprints.forEach((fingerprint, i) => hashes.set(fingerprint.hashes, i * hashWords));
    return new FingerprintIndex(
      printings,
      hashes,
      fingerprints.map((fingerprint) => fingerprint.thumbnail),
    );
  }

  /**
   * The mean of every printing's thumbnail: the layout cards share (border, art box, text box)
   * without any one card's content. A photo aligned to it is aligned to the card's frame.
   */
  readonly typicalCard: Uint8Array;

  /** Normalised correlation (-1..1) of a rectified photo's thumbnail with each given printing's. */
  correlate(thumbnail: Uint8Array, positions: number[]): Float32Array {
    const query = new Int8Array(coarsePixels);
    const queryNorm = centre(thumbnail, query, 0);
    const out = new Float32Array(positions.length);
    const centred = this.centred;
    positions.forEach((position, k) => {
      let dot = 0;
      for (let i = 0, j = position * coarsePixels; i < coarsePixels; i++, j++) dot += query[i]! * centred[j]!;
      out[k] = dot * queryNorm * this.inverseNorms[position]!;
    });
    return out;
  }

  get size(): number {
    return this.printings.length;
  }

  /** Every printing of the card at `position` (its languages and variants), itself included. */
  printingsOfCard(position: number): number[] {
    return this.cards.get(this.printings[position]!.cardId)!;
  }

  /** The weighted Hamming distance `search` ranks by, from one query to one printing. */
  distance(query: Uint32Array, position: number, stripWeight: number): number {
    return weightedDistance(this.words, position * hashWords, Int32Array.from(query), unbounded, stripWeight) / maxDistance(stripWeight);
  }

  /**
   * The nearest printings to each query: by every bit, then those nearest by the lowest frequencies
   * not already among them. One pass over the index serves every query (a photo has a dozen outline
   * readings): each printing's hashes are read once.
   */
  search(queries: Uint32Array[], pool: SearchPool): HashMatch[][] {
    const words = this.words;
    const q = queries.map((query) => Int32Array.from(query));
    const near = queries.map(() => new Nearest(pool.near));
    const roughlyNear = queries.map(() => new Nearest(pool.roughlyNear));
    for (let position = 0, offset = 0; position < this.printings.length; position++, offset += hashWords) {
      for (let k = 0; k < q.length; k++) {
        const query = q[k]!;
        const list = near[k]!;
        list.offer(position, weightedDistance(words, offset, query, list.worst, pool.stripWeight));
        roughlyNear[k]!.offer(position, lowDistance(words, offset, query));
      }
    }
    return near.map((list, k) => {
      const found = Array.from(list.positions.subarray(0, list.size), (position, i) => ({ position, distance: list.distances[i]! / maxDistance(pool.stripWeight) }));
      const known = new Set(found.map((match) => match.position));
      const rough = roughlyNear[k]!;
      for (const position of rough.positions.subarray(0, rough.size)) {
        if (!known.has(position)) found.push({ position, distance: this.distance(queries[k]!, position, pool.stripWeight) });
      }
      return found;
    });
  }
}
