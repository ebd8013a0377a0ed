import type { LocateSettings } from '../identify-settings.ts';
import type { RasterImage } from '../image/raster-image.ts';
import { lineThrough, whereLinesMeet, type Quad } from '../geometry/card-quad.ts';
import type { OutlineOnEdges } from './fit-sides.ts';
import type { ReadPrint } from './read-print.ts';

/**
 * An outline whose sides lie on too little straight edge (beyond the photo, under glare or a hand,
 * or fitted to a sleeve's edge) put where the card's print places them; the sides on edges stay, as
 * edges place a side more closely than the print reader does.
 */
export async function unseenSidesFromPrint(image: RasterImage, outline: OutlineOnEdges, readPrint: ReadPrint, { printBelowSupport, printPasses }: LocateSettings): Promise<Quad> {
  const { quad, support } = outline;
  const unseen = support.map((share) => share < printBelowSupport.value);
  if (!unseen.includes(true)) return quad;
  let placed = quad;
  // Read again through the outline the last reading gave: closer to the card, the reading is closer too.
  for (let pass = 0; pass < printPasses.value; pass++) {
    const read = await readPrint(image, placed);
    if (!read) return placed;
    const sides = quad.map((corner, k) => (unseen[k] ? lineThrough(read[k]!, read[(k + 1) % 4]!) : lineThrough(corner, quad[(k + 1) % 4]!)));
    placed = quad.map((corner, k) => whereLinesMeet(sides[(k + 3) % 4]!, sides[k]!) ?? corner) as Quad;
  }
  return placed;
}
