import { describe, expect, it } from 'vitest';
import type { Quad } from '../geometry/card-quad.ts';
import { cornerFrames, fromPatch, refinerContract, shrinkFor } from './refine-corners.ts';

// An upright card 630 x 880 px at (100, 50), clockwise from the top-left.
const card: Quad = [
  { x: 100, y: 50 },
  { x: 730, y: 50 },
  { x: 730, y: 930 },
  { x: 100, y: 930 },
];

describe('corner refiner patches', () => {
  it('shrinks the photo so a patch is cut at most one to one', () => {
    const { patch, span } = refinerContract;
    const shrunk = shrinkFor([card], 1000, 1200);
    expect(shrunk.fx).toBeCloseTo(patch / (span * 880), 2);
    expect(shrunk.width).toBe(Math.round(1000 * shrunk.fx));
    // A small card is not enlarged.
    const small = card.map((p) => ({ x: p.x / 10, y: p.y / 10 })) as Quad;
    expect(shrinkFor([small], 100, 120)).toEqual({ fx: 1, fy: 1, width: 100, height: 120 });
    // Outlines refined together are shrunk for the largest: none is cut finer than one to one.
    expect(shrinkFor([small, card], 1000, 1200)).toEqual(shrunk);
  });

  it('turns every corner so its two sides run along the patch, the card inside', () => {
    const frames = cornerFrames(card, 1, 1);
    // Top-left: the top side along +x, the left side along +y.
    expect(frames[0]!.along.x).toBeCloseTo(1);
    expect(frames[0]!.across.y).toBeCloseTo(1);
    // Top-right: the right side along +x (downwards), the top side along +y (leftwards).
    expect(frames[1]!.along.y).toBeCloseTo(1);
    expect(frames[1]!.across.x).toBeCloseTo(-1);
    // The patch's centre is the corner; a point inside the patch's positive quarter lies inside the card.
    const { patch } = refinerContract;
    frames.forEach((frame, k) => {
      const centre = fromPatch({ x: patch / 2, y: patch / 2 }, frame, 1, 1);
      expect(centre.x).toBeCloseTo(card[k]!.x, 6);
      expect(centre.y).toBeCloseTo(card[k]!.y, 6);
      const inward = fromPatch({ x: patch, y: patch }, frame, 1, 1);
      expect(inward.x).toBeGreaterThan(100);
      expect(inward.x).toBeLessThan(730);
      expect(inward.y).toBeGreaterThan(50);
      expect(inward.y).toBeLessThan(930);
    });
  });

  it('maps patch points back through the shrink', () => {
    const shrunk = shrinkFor([card], 1000, 1200);
    const [frame] = cornerFrames(card, shrunk.fx, shrunk.fy);
    const point = fromPatch({ x: refinerContract.patch / 2 + 10, y: refinerContract.patch / 2 }, frame!, shrunk.fx, shrunk.fy);
    // Ten patch pixels along the top side: span x card height / patch per pixel, in photo pixels.
    expect(point.x - 100).toBeCloseTo((10 * refinerContract.span * 880) / refinerContract.patch, 0);
    expect(point.y).toBeCloseTo(50, 0);
  });
});
