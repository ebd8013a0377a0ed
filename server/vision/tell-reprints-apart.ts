import { stripSize } from './card-fingerprint.ts';
import { shiftedCorrelation } from './fine-compare.ts';

function standardised(values: Uint8Array): Float32Array {
  let mean = 0;
  for (const value of values) mean += value;
  mean /= values.length;
  let variance = 0;
  for (const value of values) variance += (value - mean) ** 2;
  const scale = 1 / Math.sqrt(variance / values.length + 1e-6);
  return Float32Array.from(values, (value) => (value - mean) * scale);
}

/**
 * For printings that share one artwork: how well the photo's bottom strip matches each, judged only
 * on the pixels where their own strips differ (set symbol, set code, collector number). On the
 * whole strip the shared weakness row and copyright line drown that difference.
 * `photoStrips[k]` is the photo's strip read through the outline aligned to printing k.
 */
export function reprintFits(photoStrips: Uint8Array[], strips: Uint8Array[]): number[] {
  const z = strips.map(standardised);
  return strips.map((strip, k) => {
    const differs = new Uint8Array(strip.length);
    let marked = 0;
    for (let i = 0; i < strip.length; i++) {
      let most = 0;
      for (let j = 0; j < strips.length; j++) if (j !== k) most = Math.max(most, Math.abs(z[k]![i]! - z[j]![i]!));
      if (most > 0.8) {
        differs[i] = 1;
        marked += 1;
      }
    }
    if (marked < 20) return 0;
    return shiftedCorrelation(photoStrips[k]!, strip, stripSize.width, stripSize.height, 3, 2, differs);
  });
}
