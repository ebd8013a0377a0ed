import { stripSize } from '../describe/card-fingerprint.ts';
import { normalised, shiftedCorrelation } from '../image/correlation.ts';
import type { VerifySettings } from '../identify-settings.ts';

/** In standard deviations from the mean. */
function standardised(values: Uint8Array): Float32Array {
  const scale = Math.sqrt(values.length);
  return normalised(values).map((value) => value * scale);
}

/**
 * For each of some printings' regions, the pixels where it differs from the others (by over
 * `differingDeviation` standard deviations from at least one); undefined where too few do to tell it apart.
 */
function differingPixels(regions: Uint8Array[], { differingDeviation, differingMinPixels }: VerifySettings): Array<Uint8Array | undefined> {
  const z = regions.map(standardised);
  return regions.map((region, k) => {
    const differs = new Uint8Array(region.length);
    let marked = 0;
    for (let i = 0; i < region.length; i++) {
      let most = 0;
      for (let j = 0; j < regions.length; j++) if (j !== k) most = Math.max(most, Math.abs(z[k]![i]! - z[j]![i]!));
      if (most > differingDeviation.value) {
        differs[i] = 1;
        marked += 1;
      }
    }
    return marked < differingMinPixels.value ? undefined : differs;
  });
}

/**
 * For printings that share one artwork: how well a region of the photo matches each, judged only on
 * the pixels where their own regions differ. On the bottom strip that is the set symbol, set code and
 * collector number of reprints (the shared weakness row and copyright line would drown it); on the
 * text box, the words of a printing in another language.
 * `readPhoto()[k]` is the photo's region as read for printing k (lined up with its region); it is
 * not called, and every fit is 0, when the printings' regions do not differ (reprints share their
 * text, a card's languages often their strip).
 */
export function reprintFits(readPhoto: () => Uint8Array[], regions: Uint8Array[], verify: VerifySettings, size: { width: number; height: number } = stripSize): number[] {
  const { differingShiftX, differingShiftY } = verify;
  const differing = differingPixels(regions, verify);
  if (differing.every((differs) => differs === undefined)) return regions.map(() => 0);
  const photoRegions = readPhoto();
  return differing.map((differs, k) => (differs ? shiftedCorrelation(photoRegions[k]!, regions[k]!, size.width, size.height, differingShiftX.value, differingShiftY.value, differs) : 0));
}
