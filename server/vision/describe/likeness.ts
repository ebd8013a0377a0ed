import { lightingRadiusIn, thumbnailSize } from './card-fingerprint.ts';
import type { Quad } from '../geometry/card-quad.ts';
import { cardRegions, type CardRegion } from '../geometry/card-regions.ts';
import { correlationWith, normalised } from '../image/correlation.ts';
import { flattenLighting } from '../image/grey-plane.ts';
import type { PhotoSampler } from '../rectify/photo-sampler.ts';

/**
 * The correlation of the photo's card, or one region of it, through a quad, at a target's grid and
 * flattened as the fingerprint is, with that (normalised) target. An alignment judges hundreds of
 * quads, so each judge keeps its grids.
 */
export function judgeAgainst(sampler: PhotoSampler, target: Float32Array, columns: number, rows: number, region: CardRegion = cardRegions.whole): (quad: Quad) => number {
  const grid = new Float32Array(columns * rows);
  const flat = new Float32Array(columns * rows);
  const radius = lightingRadiusIn(region, columns);
  return (quad) => correlationWith(flattenLighting(sampler.sample(quad, region, columns, rows, grid), radius, flat).data, target);
}

/** How alike the photo through a quad and a thumbnail are: a correlation, -1..1. */
export function likenessTo(sampler: PhotoSampler, thumbnail: Uint8Array): (quad: Quad) => number {
  return judgeAgainst(sampler, normalised(thumbnail), thumbnailSize.width, thumbnailSize.height);
}
