import { describe, expect, it } from 'vitest';
import { identifySettings } from '../identify-settings.ts';
import type { RasterImage } from '../image/raster-image.ts';
import type { Quad } from '../geometry/card-quad.ts';
import { unseenSidesFromPrint } from './print-sides.ts';
import type { ReadPrint } from './read-print.ts';

const image: RasterImage = { width: 400, height: 300, channels: 3, data: new Uint8Array(400 * 300 * 3) };
// A card whose bottom side (side 2, from corner 2 to corner 3) runs beyond the photo's bottom.
const fitted: Quad = [
  { x: 100, y: 20 },
  { x: 300, y: 20 },
  { x: 300, y: 290 },
  { x: 100, y: 290 },
];
// Where the print places the card: its bottom 10 px lower, its other sides 3 px off the edges.
const printed: Quad = [
  { x: 97, y: 17 },
  { x: 303, y: 17 },
  { x: 303, y: 300 },
  { x: 97, y: 300 },
];

describe('sides placed from the print', () => {
  it('moves only the sides seen on too little straight edge, and keeps the corners where the sides meet', async () => {
    const asked: Quad[] = [];
    const readPrint: ReadPrint = async (_, quad) => {
      asked.push(quad);
      return printed;
    };
    const quad = await unseenSidesFromPrint(image, { quad: fitted, support: [0.9, 0.8, 0, 0.85] }, readPrint, identifySettings.locate);
    // First through the fitted outline, then through each outline the last reading placed.
    expect(asked).toHaveLength(identifySettings.locate.printPasses.value);
    expect(asked[0]).toEqual(fitted);
    expect(asked.at(-1)).toEqual(quad);
    // The bottom side from the print, the left and right sides still on their edges.
    expect(quad[2].x).toBeCloseTo(300);
    expect(quad[2].y).toBeCloseTo(300);
    expect(quad[3].x).toBeCloseTo(100);
    expect(quad[3].y).toBeCloseTo(300);
    expect(quad[0]).toEqual(fitted[0]);
    expect(quad[1]).toEqual(fitted[1]);
  });

  it('does not read the print when every side lies on an edge', async () => {
    let reads = 0;
    const quad = await unseenSidesFromPrint(image, { quad: fitted, support: [0.9, 0.8, 0.7, 0.85] }, async () => {
      reads += 1;
      return printed;
    }, identifySettings.locate);
    expect(reads).toBe(0);
    expect(quad).toEqual(fitted);
  });

  it('keeps the outline when the reader cannot run', async () => {
    expect(await unseenSidesFromPrint(image, { quad: fitted, support: [0, 0, 0, 0] }, async () => undefined, identifySettings.locate)).toEqual(fitted);
  });
});
