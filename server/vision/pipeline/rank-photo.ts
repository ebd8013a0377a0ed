import type { Detection } from '../../../engine/api.ts';
import type { RankedPrinting } from '../answer/artwork-scores.ts';
import { decodePhotoScaled } from '../decode/decode-photo.ts';
import { identifySettings, type IdentifySettings } from '../identify-settings.ts';
import { loadOpenCv } from '../image/opencv.ts';
import type { FindCardCorners } from '../locate/card-corners-model.ts';
import type { DetectCards } from '../locate/card-detector.ts';
import { PhotoSampler } from '../rectify/photo-sampler.ts';
import type { FineDetailsSource } from '../search/fine-details.ts';
import type { FingerprintIndex } from '../search/fingerprint-index.ts';
import { concludedRanking } from './conclude-look.ts';
import { looksInOrder, newRanking, type LookState, type Scene } from './looks.ts';
import { partsWithout, type PipelinePart } from './pipeline-parts.ts';
import type { ReadNumber } from './tell-by-number.ts';
import { textModelsOnDemand } from '../read-number/ocr-models.ts';
import { readCollectorNumber } from '../read-number/read-collector-number.ts';

// Loaded by the first photo whose printings need their number read, once per process (pool worker).
const textModels = textModelsOnDemand();

export interface PipelineOptions {
  /** Every tuning number (`identifySettings` unless given): plain data, so it crosses to the pool's workers as it is. */
  settings?: IdentifySettings;
  /** Finalists per look, for a test that crowds a card's printings out (`search.finalists` of the settings otherwise). */
  finalists?: number;
  /** Parts left out, to measure what each earns. */
  without?: readonly PipelinePart[];
  /** The scanner's card detector: its boxes are where the corner model looks, and seed outlines on a second look. */
  detectCards?: DetectCards;
  /** The learned card outline: the card's corners in the detector's boxes (or the whole photo), read first. */
  findCorners?: FindCardCorners;
}

/** No card can be named yet: no fingerprint of this version is in the index. */
export class IndexEmpty extends Error {
  override name = 'IndexEmpty';

  constructor() {
    super(
      'The identification index is empty: no card fingerprints of this version have been built. Run `npm run catalog:index` (after `npm run catalog:import`); they are picked up without a restart.',
    );
  }
}

/**
 * Every printing in the running for a photo with its score, best first: the photo decoded, then
 * looked at (locate, rectify, describe, search, verify; pipeline/looks.ts), cheapest look first and
 * each only when the ones before are not sure, then the ranking concluded and scored. The index is
 * asked for once the photo is read, so a photo that cannot be read is refused first; the finalists'
 * details are read from `details`.
 */
export async function rankPhoto(photo: Uint8Array, index: () => Promise<FingerprintIndex>, details: FineDetailsSource, options: PipelineOptions): Promise<RankedPrinting[]> {
  const settings = options.settings ?? identifySettings;
  const { image, scale } = await decodePhotoScaled(photo, settings.decode.workingSide.value);
  const search = await index();
  if (search.size === 0) throw new IndexEmpty();
  const parts = partsWithout(options.without);
  const sampler = parts.comparisons.includes('fine-comparison') ? new PhotoSampler(image) : undefined;
  let boxes: Promise<Detection[]> | undefined;
  const scene: Scene = {
    image,
    cv: await loadOpenCv(),
    search,
    details,
    sampler,
    parts,
    settings,
    shortlist: {
      pool: { near: settings.search.near.value, roughlyNear: settings.search.roughlyNear.value, stripWeight: settings.search.stripHashWeight.value },
      finalists: options.finalists ?? settings.search.finalists.value,
      hashesOnly: !sampler,
    },
    detections: () => (boxes ??= options.detectCards ? options.detectCards(image) : Promise.resolve([])),
    findCorners: options.findCorners,
  };
  const state: LookState = { ranking: newRanking(scene), learned: [], hypotheses: [] };
  for (const look of looksInOrder) if (await look(scene, state)) break;
  const readNumber: ReadNumber = async (outline, enough) => {
    const models = await textModels();
    return models && readCollectorNumber(scene.cv, models, photo, outline, scale, settings.numbers, enough);
  };
  return concludedRanking(state.ranking, search.printings, parts.comparisons, settings, readNumber);
}
