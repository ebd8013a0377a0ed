import { cardHeight, cardWidth } from '../../server/vision/geometry/card-regions.ts';
import { fingerprintCard, hashWords, stripSize, textSize, thumbnailSize, type CardFingerprint } from '../../server/vision/describe/card-fingerprint.ts';
import type { RasterImage } from '../../server/vision/image/raster-image.ts';
import { SeededRandom } from '../../fixtures/identify/seeded-random.ts';

/** Bands of the generated card layout (fractions of its height): header, art box, text, bottom strip. */
const bands = [0, 0.129, 0.504, 0.86, 1] as const;
const art = { x0: 0.075, x1: 0.925 } as const;

/** `part` copied into slot `i` of `all`, as a view of it. */
function packed<T extends Uint8Array | Uint32Array>(all: T, part: T, i: number): T {
  const slot = all.subarray(i * part.length, (i + 1) * part.length) as T;
  slot.set(part);
  return slot;
}

/**
 * Fingerprints of printings that do not exist, to grow the catalogue to 10,000 or 50,000: each is a
 * new card in the shared layout. Its header, text and bottom strip come from three different real
 * cards, and its art box holds a fourth card's artwork cut at another place and maybe mirrored, so no
 * region repeats a real card's while the layout, which makes cards look alike, is the same.
 */
export function distractorFingerprints(cards: RasterImage[], count: number, seed: number): CardFingerprint[] {
  const random = new SeededRandom(seed);
  // Packed into one buffer per part, as the database holds them: 150,000 small buffers would make
  // every full garbage collection, here and while identifying, slower than the server's.
  const hashes = new Uint32Array(count * hashWords);
  const thumbnails = new Uint8Array(count * thumbnailSize.width * thumbnailSize.height);
  const strips = new Uint8Array(count * stripSize.width * stripSize.height);
  const texts = new Uint8Array(count * textSize.width * textSize.height);
  const out: CardFingerprint[] = [];
  const rowOf = (fraction: number) => Math.round(fraction * cardHeight);
  const artLeft = Math.round(art.x0 * cardWidth);
  const artWidth = Math.round(art.x1 * cardWidth) - artLeft;
  const artTop = rowOf(bands[1]);
  const artHeight = rowOf(bands[2]) - artTop;
  // Every row is written for each card, so one raster serves them all.
  const data = new Uint8Array(cardWidth * cardHeight * 3);
  for (let i = 0; i < count; i++) {
    for (let band = 0; band < 4; band++) {
      if (band === 1) continue;
      const source = random.pick(cards).data;
      const from = rowOf(bands[band]!) * cardWidth * 3;
      const to = rowOf(bands[band + 1]!) * cardWidth * 3;
      data.set(source.subarray(from, to), from);
    }
    const source = random.pick(cards);
    data.set(source.data.subarray(artTop * cardWidth * 3, (artTop + artHeight) * cardWidth * 3), artTop * cardWidth * 3);
    const dx = random.int(Math.round(artWidth * 0.25), Math.round(artWidth * 0.75));
    const dy = random.int(0, artHeight - 1);
    const mirror = random.chance(0.5);
    for (let y = 0; y < artHeight; y++) {
      for (let x = 0; x < artWidth; x++) {
        const sx = artLeft + ((mirror ? artWidth - 1 - x : x) + dx) % artWidth;
        const sy = artTop + ((y + dy) % artHeight);
        const at = ((artTop + y) * cardWidth + artLeft + x) * 3;
        const from = (sy * cardWidth + sx) * 3;
        data[at] = source.data[from]!;
        data[at + 1] = source.data[from + 1]!;
        data[at + 2] = source.data[from + 2]!;
      }
    }
    const fingerprint = fingerprintCard({ width: cardWidth, height: cardHeight, channels: 3, data });
    out.push({
      hashes: packed(hashes, fingerprint.hashes, i),
      thumbnail: packed(thumbnails, fingerprint.thumbnail, i),
      strip: packed(strips, fingerprint.strip, i),
      text: packed(texts, fingerprint.text, i),
    });
  }
  return out;
}
