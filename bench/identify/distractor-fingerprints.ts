import type { CardFingerprint } from '../../server/vision/card-fingerprint.ts';
import { SeededRandom } from '../../fixtures/identify/seeded-random.ts';

/**
 * Fingerprints of printings that do not exist, to grow the catalogue: each mixes two real cards, bit
 * by bit and pixel by pixel. They share the card layout with real ones and sit closer to them than
 * unrelated real cards usually do, so they make the search harder, not easier.
 */
export function distractorFingerprints(real: CardFingerprint[], count: number, seed: number): CardFingerprint[] {
  const random = new SeededRandom(seed);
  const out: CardFingerprint[] = [];
  for (let i = 0; i < count; i++) {
    const a = random.pick(real);
    // Mixing a card with itself would copy it: a printing no photo can tell from the real one.
    let b = random.pick(real);
    while (b === a && real.length > 1) b = random.pick(real);
    const hashes = new Uint32Array(a.hashes.length);
    for (let w = 0; w < hashes.length; w++) {
      const mask = (random.next() * 2 ** 32) >>> 0;
      hashes[w] = (a.hashes[w]! & mask) | (b.hashes[w]! & ~mask);
    }
    const blend = (x: Uint8Array, y: Uint8Array) => x.map((value, k) => (value + y[k]!) >> 1);
    out.push({ hashes, thumbnail: blend(a.thumbnail, b.thumbnail), strip: blend(a.strip, b.strip) });
  }
  return out;
}
