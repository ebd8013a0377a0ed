import type { Detection } from '../../../engine/api.ts';
import { readAsTurned, readBothWays, type Reading } from '../describe/read-outlines.ts';
import { mostCardLikeFirst } from '../describe/most-card-like.ts';
import { halfTurn, maxCornerDistance, type Quad } from '../geometry/card-quad.ts';
import type { IdentifyParts, IdentifySettings } from '../identify-settings.ts';
import type { OpenCv } from '../image/opencv.ts';
import type { RasterImage } from '../image/raster-image.ts';
import type { FindCardCorners } from '../locate/card-corners-model.ts';
import { cardsInBox } from '../locate/cards-in-box.ts';
import { findCardOutlines, type OutlineHypothesis } from '../locate/find-card-outlines.ts';
import { modelOutlines } from '../locate/model-outlines.ts';
import type { PhotoSampler } from '../rectify/photo-sampler.ts';
import type { FineDetailsSource } from '../search/fine-details.ts';
import type { FingerprintIndex } from '../search/fingerprint-index.ts';
import { shortlist, type ShortlistOptions } from '../search/shortlist.ts';
import { alignQuad } from '../verify/align-to-candidate.ts';
import { CandidateRanking } from '../verify/candidate-ranking.ts';
import { isSure } from './conclude-look.ts';

/** What every look at one photo shares: the photo, the index searched, and the parts in use. */
export interface Scene {
  image: RasterImage;
  cv: OpenCv;
  search: FingerprintIndex;
  details: FineDetailsSource;
  /** Reads the photo through any quad; absent when pixel comparisons are left out (hashes alone decide). */
  sampler: PhotoSampler | undefined;
  parts: IdentifyParts;
  settings: IdentifySettings;
  shortlist: ShortlistOptions;
  /** The detector's boxes, found once when a look first asks. */
  detections(): Promise<Detection[]>;
  findCorners: FindCardCorners | undefined;
}

/** What the looks so far have found: the candidates ranked, and the outlines read. */
export interface LookState {
  ranking: CandidateRanking;
  /** The corner model's outlines, most card-like first. */
  learned: OutlineHypothesis[];
  /** Every outline the every-outline look reads. */
  hypotheses: OutlineHypothesis[];
}

/** A look at the photo: true when the ranking is sure enough to answer. */
export type Look = (scene: Scene, state: LookState) => Promise<boolean>;

export const newRanking = (scene: Scene) => new CandidateRanking(scene.search, scene.details, scene.sampler, scene.settings.verify, scene.settings.search.stripHashWeight.value);
const cardLikeFirst = (scene: Scene, hypotheses: OutlineHypothesis[]) => mostCardLikeFirst(scene.sampler, hypotheses, scene.search.typicalCard, scene.settings.looks.likenessEdgeWeight.value);
const aligns = (scene: Scene) => scene.parts.comparisons.includes('alignment');

/** Reads the card through outlines, shortlists printings for it and aligns the `alignedCount` leaders. */
async function readAndRank(scene: Scene, state: LookState, readings: Reading[], alignedCount: number): Promise<boolean> {
  const { finals } = shortlist(scene.search, readings, scene.shortlist);
  await state.ranking.add(finals);
  if (aligns(scene)) for (const contender of state.ranking.leaders(alignedCount)) state.ranking.align(contender);
  // Never sure without pixel comparisons; the leader is judged against its best rival aligned too.
  if (!scene.parts.comparisons.includes('fine-comparison')) return false;
  if (aligns(scene)) state.ranking.alignRivals();
  return isSure(state.ranking, scene.settings.looks);
}

/** The best outline alone, the way up it looks most like a card: most photos show one clear card whose outline settles it. */
const firstLookThrough = (scene: Scene, state: LookState, best: Quad) => readAndRank(scene, state, readAsTurned(scene.cv, scene.image, [best], scene.settings.rectify), scene.settings.verify.quickAligned.value);

/**
 * The corner model's outlines, first: it finds frame-filling and full-art cards whose edges the
 * hand-written search loses; the first look through the best of them.
 */
export const modelLook: Look = async (scene, state) => {
  if (!scene.parts.outlineSources.includes('corner-model') || !scene.findCorners) return false;
  state.learned = cardLikeFirst(scene, await modelOutlines(scene.findCorners, scene.image, await scene.detections(), scene.parts.outlineSteps, scene.settings.locate));
  state.hypotheses = state.learned;
  return state.learned.length > 0 && scene.parts.looks.includes('first-look') && firstLookThrough(scene, state, state.learned[0]!.quad);
};

/**
 * The hand-written outline search: beside the model's outlines, its most card-like few; without
 * them, first looks through the closed contour, then through the straight edges' best outline.
 */
export const handLook: Look = async (scene, state) => {
  if (!scene.parts.outlineSources.includes('hand-outlines')) return false;
  const outlines = findCardOutlines(scene.cv, scene.image, scene.settings.locate);
  if (state.learned.length > 0) {
    state.hypotheses = [...state.learned, ...cardLikeFirst(scene, outlines.all()).slice(0, scene.settings.looks.handOutlinesBeside.value)];
    return false;
  }
  if (!scene.parts.looks.includes('first-look')) {
    state.hypotheses = cardLikeFirst(scene, outlines.all());
    return false;
  }
  // The closed contour first (found without straight lines)...
  const fromContours = cardLikeFirst(scene, outlines.fromContours())[0]!.quad;
  if (await firstLookThrough(scene, state, fromContours)) return true;
  // ...then the straight edges too, and the first look again when they offer a better outline,
  // afresh: the candidates read through the poorer one would otherwise take up the alignments.
  state.hypotheses = cardLikeFirst(scene, outlines.all());
  if (!(maxCornerDistance(state.hypotheses[0]!.quad, fromContours) > 0)) return false;
  state.ranking = newRanking(scene);
  return firstLookThrough(scene, state, state.hypotheses[0]!.quad);
};

/**
 * Every outline, both ways up; the best by the shortlist's coarse correlation (it tolerates a
 * misaligned outline better than the finer comparison) are aligned. Without pixel comparisons or a
 * second look, this is the last.
 */
export const everyOutlineLook: Look = async (scene, state) =>
  (await readAndRank(
    scene,
    state,
    readBothWays(
      scene.cv,
      scene.image,
      state.hypotheses.map((hypothesis) => hypothesis.quad),
      scene.settings.rectify,
    ),
    scene.settings.verify.aligned.value,
  )) ||
  !scene.sampler ||
  !scene.parts.looks.includes('second-look');

/**
 * The best outlines, each way up, moved to line up with the layout cards share. An outline up to a
 * tenth of the card off (a border lost on one side, an art box taken for the card) then reads the
 * card as the catalogue holds it, and each such reading's favourite is aligned. The detector's
 * boxes add outlines where the edges found none (a small card under glare).
 */
export const secondLook: Look = async (scene, state) => {
  const sampler = scene.sampler!;
  const { locate, looks, rectify, verify } = scene.settings;
  const seeds = [
    ...state.hypotheses
      .filter((hypothesis) => hypothesis.source !== 'frame')
      .slice(0, state.learned.length + looks.straightenedOutlines.value)
      .map((hypothesis) => hypothesis.quad),
    ...(scene.parts.outlineSources.includes('detector-seeds') ? (await scene.detections()).slice(0, looks.seededBoxes.value).flatMap((box) => cardsInBox(box, locate)) : []),
  ];
  const straightened = seeds.flatMap((seed) => [seed, halfTurn(seed)].map((quad) => alignQuad(sampler, quad, scene.search.typicalCard, verify, { wide: true }).quad));
  const second = shortlist(scene.search, readAsTurned(scene.cv, scene.image, straightened, rectify), scene.shortlist);
  await state.ranking.add([...second.finals, ...second.favourites]);
  if (aligns(scene)) for (const contender of second.favourites) state.ranking.align(contender);
  return true;
};

/** The looks, cheapest first; each runs only when the ones before are not sure. */
export const looksInOrder: Look[] = [modelLook, handLook, everyOutlineLook, secondLook];
