import type { Detection } from '../../../engine/api.ts';
import { HttpError } from '../../http-error.ts';
import type { RankedPrinting } from '../answer/artwork-scores.ts';
import type { FingerprintRepository } from '../catalog-index/fingerprint-repository.ts';
import { decodePhoto } from '../decode/decode-photo.ts';
import { readAsTurned, readBothWays, type Reading } from '../describe/read-outlines.ts';
import { identifySettings } from '../identify-settings.ts';
import { loadOpenCv } from '../image/opencv.ts';
import type { FindCardCorners } from '../locate/card-corners-model.ts';
import type { DetectCards } from '../locate/card-detector.ts';
import { halfTurn, maxCornerDistance, type Quad } from '../geometry/card-quad.ts';
import { cardsInBox } from '../locate/cards-in-box.ts';
import { findCardOutlines, type OutlineHypothesis } from '../locate/find-card-outlines.ts';
import { modelOutlines } from '../locate/model-outlines.ts';
import { mostCardLikeFirst } from '../describe/most-card-like.ts';
import { PhotoSampler } from '../rectify/photo-sampler.ts';
import type { FingerprintIndex } from '../search/fingerprint-index.ts';
import { shortlist } from '../search/shortlist.ts';
import { alignQuad } from '../verify/align-to-candidate.ts';
import { CandidateRanking } from '../verify/candidate-ranking.ts';
import { confidentAfter, concludedRanking } from './conclude-look.ts';
import { partsInUse, type PipelinePart } from './pipeline-parts.ts';

export interface PipelineOptions {
  /** Finalists per look, for a test that crowds a card's printings out (`identifySettings.search.finalists` otherwise). */
  finalists?: number;
  /** Parts turned off, to measure what each earns. */
  without?: readonly PipelinePart[];
  /** The scanner's card detector: its boxes are where the corner model looks, and seed outlines on a second look. */
  detectCards?: DetectCards;
  /** The learned card outline: the card's corners in the detector's boxes (or the whole photo), read first. */
  findCorners?: FindCardCorners;
}

export const emptyIndexMessage =
  'The identification index is empty: no card fingerprints of this version have been built. Run `npm run catalog:index` (after `npm run catalog:import`); they are picked up without a restart.';

const { handOutlinesBeside, straightenedOutlines, seededBoxes } = identifySettings.looks;
const { aligned, quickAligned } = identifySettings.verify;
const { near, roughlyNear } = identifySettings.search;

/**
 * Every printing in the running for a photo with its score, best first, searched in `index` (asked
 * for once the photo is read, so a photo that cannot be read is refused first), with the finer
 * details read from `repository`. Looks run cheapest first, each only when the one before is not
 * confident.
 */
export async function rankPhoto(photo: Uint8Array, index: () => Promise<FingerprintIndex>, repository: FingerprintRepository, options: PipelineOptions): Promise<RankedPrinting[]> {
  const image = await decodePhoto(photo);
  const search = await index();
  if (search.size === 0) throw new HttpError(503, emptyIndexMessage);
  const cv = await loadOpenCv();
  const uses = partsInUse(options.without);
  const sampler = uses('fine-comparison') ? new PhotoSampler(image) : undefined;
  const shortlistOptions = { pool: { near: near.value, roughlyNear: roughlyNear.value }, finalists: options.finalists ?? identifySettings.search.finalists.value, hashesOnly: !sampler };
  const cardLikeFirst = (hypotheses: OutlineHypothesis[]) => mostCardLikeFirst(sampler, hypotheses, search.typicalCard);
  let boxes: Promise<Detection[]> | undefined;
  const detections = () => (boxes ??= options.detectCards ? options.detectCards(image) : Promise.resolve([]));
  let ranking = new CandidateRanking(search, repository, sampler);
  const confident = () => confidentAfter(ranking, uses);
  const answer = () => concludedRanking(ranking, search.printings, uses);

  /** Reads the card through outlines, shortlists printings for it and aligns the `alignedCount` leaders. */
  const look = async (readings: Reading[], alignedCount: number) => {
    const { finals } = shortlist(search, readings, shortlistOptions);
    await ranking.add(finals);
    if (uses('alignment')) for (const contender of ranking.leaders(alignedCount)) ranking.align(contender);
    return confident();
  };
  // The best outline alone, the way up it looks most like a card: most photos show one clear card
  // whose outline settles it.
  const firstLook = (best: Quad) => look(readAsTurned(cv, image, [best]), quickAligned.value);
  // Every outline, both ways up; the best by the shortlist's coarse correlation (it tolerates a
  // misaligned outline better than the finer comparison) are aligned.
  const everyOutline = (hypotheses: OutlineHypothesis[]) =>
    look(
      readBothWays(
        cv,
        image,
        hypotheses.map((hypothesis) => hypothesis.quad),
      ),
      aligned.value,
    );
  // The best outlines, each way up, moved to line up with the layout cards share. An outline up to a
  // tenth of the card off (a border lost on one side, an art box taken for the card) then reads the
  // card as the catalogue holds it, and each such reading's favourite is aligned. The detector's
  // boxes add outlines where the edges found none (a small card under glare).
  const secondLook = async (photoSampler: PhotoSampler, seeds: Quad[]) => {
    const straightened = seeds.flatMap((seed) => [seed, halfTurn(seed)].map((quad) => alignQuad(photoSampler, quad, search.typicalCard, { wide: true }).quad));
    const second = shortlist(search, readAsTurned(cv, image, straightened), shortlistOptions);
    await ranking.add([...second.finals, ...second.favourites]);
    if (uses('alignment')) for (const contender of second.favourites) ranking.align(contender);
  };

  // The corner model's outlines first: it finds frame-filling and full-art cards whose edges the
  // hand-written search loses.
  const learned = uses('corner-model') && options.findCorners ? cardLikeFirst(await modelOutlines(options.findCorners, image, await detections(), { refine: uses('corner-refiner'), fitSides: uses('side-fit'), repair: uses('outline-repair'), readPrint: uses('print-reader') })) : [];
  if (learned.length > 0 && uses('first-look') && (await firstLook(learned[0]!.quad))) return answer();
  let hypotheses = learned;
  if (uses('hand-outlines')) {
    const outlines = findCardOutlines(cv, image);
    if (learned.length > 0) hypotheses = [...learned, ...cardLikeFirst(outlines.all()).slice(0, handOutlinesBeside.value)];
    else if (!uses('first-look')) hypotheses = cardLikeFirst(outlines.all());
    else {
      // Without the model, the closed contour first (found without straight lines)...
      const fromContours = cardLikeFirst(outlines.fromContours())[0]!.quad;
      if (await firstLook(fromContours)) return answer();
      // ...then the straight edges too, and the first look again when they offer a better outline,
      // afresh: the candidates read through the poorer one would otherwise take up the alignments.
      hypotheses = cardLikeFirst(outlines.all());
      if (maxCornerDistance(hypotheses[0]!.quad, fromContours) > 0) {
        ranking = new CandidateRanking(search, repository, sampler);
        if (await firstLook(hypotheses[0]!.quad)) return answer();
      }
    }
  }
  if ((await everyOutline(hypotheses)) || !sampler || !uses('second-look')) return answer();
  const seeds = [
    ...hypotheses
      .filter((hypothesis) => hypothesis.source !== 'frame')
      .slice(0, learned.length + straightenedOutlines.value)
      .map((hypothesis) => hypothesis.quad),
    ...(uses('detector-seeds') ? (await detections()).slice(0, seededBoxes.value).flatMap(cardsInBox) : []),
  ];
  await secondLook(sampler, seeds);
  return answer();
}
