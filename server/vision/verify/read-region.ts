import { lightingRadiusIn, toBytes, type RegionGrid } from '../describe/card-fingerprint.ts';
import { flattenLighting } from '../image/grey-plane.ts';
import type { Quad } from '../geometry/card-quad.ts';
import type { PhotoSampler } from '../rectify/photo-sampler.ts';

/** A region of the photo's card through `quad`, lighting flattened and stored as fingerprints store theirs. */
export function readRegion(sampler: PhotoSampler, quad: Quad, { region, width, height }: RegionGrid): Uint8Array {
  return toBytes(flattenLighting(sampler.sample(quad, region, width, height), lightingRadiusIn(region, width)));
}
