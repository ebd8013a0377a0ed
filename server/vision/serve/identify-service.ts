import type { Detection } from '../../../engine/api.ts';
import { HttpError } from '../../http-error.ts';
import { alignQuad, likenessTo } from '../verify/align-to-candidate.ts';
import { CandidateRanking, shownCandidates, type Contender, type Reading, type ScoredCandidate } from '../verify/candidate-ranking.ts';
import type { FindCardCorners } from '../locate/card-corners-model.ts';
import type { DetectCards } from '../locate/card-detector.ts';
import { fingerprintBothWays, fingerprintCard } from '../describe/card-fingerprint.ts';
import { maxCornerDistance, type Quad } from '../locate/card-quad.ts';
import { cardsInBox } from '../locate/cards-in-box.ts';
import { decodePhoto } from '../decode/decode-photo.ts';
import { findCardOutlines, type OutlineHypothesis } from '../locate/find-card-outlines.ts';
import type { FingerprintIndex, SearchPool } from '../search/fingerprint-index.ts';
import type { FingerprintRepository } from '../catalog-index/fingerprint-repository.ts';
import type { Candidate } from './identify-schemas.ts';
import { identifySettings } from '../identify-settings.ts';
import { loadOpenCv, type OpenCv } from '../image/opencv.ts';
import { PhotoSampler } from '../rectify/photo-sampler.ts';
import type { RasterImage } from '../image/raster-image.ts';
import { rectifyCards } from '../rectify/rectify-card.ts';

export type { ScoredCandidate } from '../verify/candidate-ranking.ts';

const halfTurn = (quad: Quad): Quad => [quad[2], quad[3], quad[0], quad[1]];

export interface IdentifyOptions {
  assetsBaseUrl: string;
  /** Finalists per look, for a test that crowds a card's printings out (`identifySettings.search.finalists` otherwise). */
  finalists?: number;
  /** Skip the pixel comparisons: the hash distance alone orders the candidates (for measuring what they add). */
  hashOnly?: boolean;
  /** The scanner's card detector: its boxes are where the corner model looks, and seed outlines on a second look. */
  detectCards?: DetectCards;
  /** The learned card outline: the card's corners in the detector's boxes (or the whole photo), read first. */
  findCorners?: FindCardCorners;
  /**
   * Which outlines are read: the corner model's and the hand-written search's ('both', the
   * default), or only one of them ('model', 'hand'): for measuring what each adds.
   */
  outlines?: 'both' | 'model' | 'hand';
}

export interface IdentifyService {
  /** Candidates best first, at most 10, only those clearing the score threshold. */
  identify(photo: Uint8Array): Promise<Candidate[]>;
  /** Every re-ranked candidate with its raw similarity, threshold ignored: for benchmarks and calibration. */
  rank(photo: Uint8Array): Promise<ScoredCandidate[]>;
  /** Reads the fingerprints from the database again. */
  reload(): Promise<number>;
  indexSize(): number;
}

export const emptyIndexMessage =
  'The identification index is empty: no card fingerprints of this version have been built. Run `npm run catalog:index` (after `npm run catalog:import`); they are picked up without a restart.';

const { confidentScore, confidentSimilarity, likenessEdgeWeight, straightenedOutlines, seededBoxes } = identifySettings.looks;
const { aligned, quickAligned } = identifySettings.verify;

/**
 * Outlines, the most card-like first, each turned the way up it looks most like a card: by how much
 * the card read through each looks like the layout cards share (an art box or a patch of table does
 * not), then by its edges.
 */
export function byLikeness(sampler: PhotoSampler | undefined, hypotheses: OutlineHypothesis[], typicalCard: Uint8Array): OutlineHypothesis[] {
  if (!sampler) return hypotheses;
  const likeness = likenessTo(sampler, typicalCard);
  const rated = hypotheses.map((hypothesis) => {
    const [upright, turned] = [hypothesis.quad, halfTurn(hypothesis.quad)].map(likeness);
    return {
      hypothesis: turned! > upright! ? { ...hypothesis, quad: halfTurn(hypothesis.quad) } : hypothesis,
      rating: Math.max(upright!, turned!) + likenessEdgeWeight.value * hypothesis.score,
    };
  });
  return rated.sort((a, b) => b.rating - a.rating).map(({ hypothesis }) => hypothesis);
}

/** The card read through each outline as it is turned. */
function readAsTurned(cv: OpenCv, image: RasterImage, quads: Quad[]): Reading[] {
  return rectifyCards(cv, image, quads).map((card, i) => ({ fingerprint: fingerprintCard(card), quad: quads[i]! }));
}

/** The card read through each outline, upright and upside down. */
function readBothWays(cv: OpenCv, image: RasterImage, quads: Quad[]): Reading[] {
  return rectifyCards(cv, image, quads).flatMap((card, i) => {
    const [upright, turned] = fingerprintBothWays(card);
    return [
      { fingerprint: upright, quad: quads[i]! },
      { fingerprint: turned, quad: halfTurn(quads[i]!) },
    ];
  });
}

/**
 * Every re-ranked candidate for a photo, searched in `index` (asked for once the photo is read, so a
 * photo that cannot be read is refused first), with the finer details read from `repository`.
 */
export async function rankPhoto(
  photo: Uint8Array,
  index: () => Promise<FingerprintIndex>,
  repository: FingerprintRepository,
  options: IdentifyOptions,
): Promise<ScoredCandidate[]> {
  const pool: SearchPool = { near: identifySettings.search.near.value, roughlyNear: identifySettings.search.roughlyNear.value };
  const finalists = options.finalists ?? identifySettings.search.finalists.value;

  /**
   * The finalists (each printing with its best reading, best first) and each reading's favourite.
   * A favourite's reading may be a few percent off and so rank low by correlation, yet line up
   * perfectly once aligned.
   */
  function contenders(search: FingerprintIndex, all: Reading[]): { finals: Contender[]; favourites: Contender[] } {
    const best = new Map<number, Contender>();
    const favourites: Contender[] = [];
    const found = search.search(
      all.map((reading) => reading.fingerprint.hashes),
      pool,
    );
    for (const [r, reading] of all.entries()) {
      const matches = found[r]!;
      const coarse = options.hashOnly
        ? matches.map((match) => 1 - 2 * match.distance)
        : search.correlate(
            reading.fingerprint.thumbnail,
            matches.map((match) => match.position),
          );
      let favourite: Contender | undefined;
      matches.forEach((match, k) => {
        const contender = { position: match.position, reading, coarse: coarse[k]!, hashDistance: match.distance };
        const known = best.get(match.position);
        if (!known || contender.coarse > known.coarse) best.set(match.position, contender);
        if (!favourite || contender.coarse > favourite.coarse) favourite = contender;
      });
      if (favourite) favourites.push(favourite);
    }
    return { finals: [...best.values()].sort((a, b) => b.coarse - a.coarse).slice(0, finalists), favourites };
  }

  const image = await decodePhoto(photo);
  const search = await index();
  if (search.size === 0) throw new HttpError(503, emptyIndexMessage);
  const cv = await loadOpenCv();
  const sampler = options.hashOnly ? undefined : new PhotoSampler(image);
  const mode = options.outlines ?? 'both';
  let ranking = new CandidateRanking(search, repository, sampler);
  const confident = () => {
    const leading = ranking.leading();
    return sampler !== undefined && leading !== undefined && leading.score >= confidentScore.value && leading.similarity >= confidentSimilarity.value;
  };
  const answer = async () => {
    await ranking.addMissingPrintings();
    return ranking.scored(options.assetsBaseUrl);
  };
  // First look, the best outline the way up it looks most like a card: most photos show one clear
  // card whose outline alone settles it.
  const firstLook = async (best: Quad) => {
    const look = contenders(search, readAsTurned(cv, image, [best]));
    await ranking.add(look.finals);
    for (const contender of ranking.leaders(quickAligned.value)) ranking.align(contender);
  };
  const { cornerBoxes, cornerMinBoxScore, cornerMinSharpness } = identifySettings.locate;
  let boxes: Detection[] | undefined;
  const detections = async () => {
    boxes ??= options.detectCards ? await options.detectCards(image) : [];
    return boxes;
  };
  const cornerWindows = async () =>
    (await detections()).filter((box, i) => i === 0 || box.conf >= cornerMinBoxScore.value).slice(0, cornerBoxes.value);
  // The corner model's outlines first: it finds frame-filling and full-art cards whose edges the
  // hand-written search loses.
  const learned: OutlineHypothesis[] =
    mode !== 'hand' && options.findCorners
      ? byLikeness(
          sampler,
          (await options.findCorners(image, await cornerWindows()))
            .filter((corners) => corners.sharpness >= cornerMinSharpness.value)
            .map((corners) => ({ quad: corners.quad, score: corners.sharpness, source: 'model' as const })),
          search.typicalCard,
        )
      : [];
  if (learned.length > 0) {
    await firstLook(learned[0]!.quad);
    if (confident()) return answer();
  }
  let hypotheses = learned;
  if (mode !== 'model') {
    const outlines = findCardOutlines(cv, image);
    if (learned.length === 0) {
      // Without the model, the closed contour first (found without straight lines)...
      const fromContours = byLikeness(sampler, outlines.fromContours(), search.typicalCard)[0]!.quad;
      await firstLook(fromContours);
      if (confident()) return answer();
      // ...then the straight edges too, and the first look again when they offer a better outline,
      // afresh: the candidates read through the poorer one would otherwise take up the alignments.
      hypotheses = byLikeness(sampler, outlines.all(), search.typicalCard);
      if (maxCornerDistance(hypotheses[0]!.quad, fromContours) > 0) {
        ranking = new CandidateRanking(search, repository, sampler);
        await firstLook(hypotheses[0]!.quad);
        if (confident()) return answer();
      }
    } else {
      hypotheses = [...learned, ...byLikeness(sampler, outlines.all(), search.typicalCard)];
    }
  }
  // Then every outline, both ways up; the best by the shortlist's coarse correlation (it tolerates
  // a misaligned outline better than the finer comparison) are aligned.
  const quads = hypotheses.map((hypothesis) => hypothesis.quad);
  const look = contenders(search, readBothWays(cv, image, quads));
  await ranking.add(look.finals);
  for (const contender of ranking.leaders(aligned.value)) ranking.align(contender);
  if (confident()) return answer();
  if (!sampler) return answer();
  // Second look: the best outlines, each way up, moved to line up with the layout cards share. An
  // outline up to a tenth of the card off (a border lost on one side, an art box taken for the card)
  // then reads the card as the catalogue holds it, and each such reading's favourite is aligned.
  // The detector's boxes add outlines where the edges found none (a small card under glare).
  const seeds = [
    ...hypotheses
      .filter((hypothesis) => hypothesis.source !== 'frame')
      .slice(0, learned.length + straightenedOutlines.value)
      .map((hypothesis) => hypothesis.quad),
    ...(mode === 'model' ? [] : (await detections()).slice(0, seededBoxes.value).flatMap(cardsInBox)),
  ];
  const straightened = seeds.flatMap((seed) => [seed, halfTurn(seed)].map((quad) => alignQuad(sampler, quad, search.typicalCard, { wide: true }).quad));
  const second = contenders(search, readAsTurned(cv, image, straightened));
  await ranking.add([...second.finals, ...second.favourites]);
  for (const contender of second.favourites) ranking.align(contender);
  return answer();
}

/** What the API shows of the ranked candidates: those clearing the score threshold, best first, without the raw measures. */
export function visibleCandidates(ranked: ScoredCandidate[]): Candidate[] {
  return shownCandidates(ranked).map(({ similarity: _similarity, lead: _lead, artworkScore: _artworkScore, ...candidate }) => candidate);
}

/** One read of the index, numbered: a worker holding another read asks for this one. */
export interface IndexRead {
  index: FingerprintIndex;
  generation: number;
}

/** The index as last read from the repository. */
export interface HeldIndex {
  /** The last read, made again while the index is empty so fingerprints built after start are picked up. */
  current(): Promise<IndexRead>;
  /** Reads the index again. */
  reload(): Promise<IndexRead>;
  size(): number;
}

export function holdIndex(repository: FingerprintRepository): HeldIndex {
  let read: IndexRead | undefined;
  let loading: Promise<IndexRead> | undefined;
  const reload = () => {
    loading ??= repository.loadIndex().then(
      (index) => {
        read = { index, generation: (read?.generation ?? 0) + 1 };
        loading = undefined;
        return read;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    current: async () => (read && read.index.size > 0 ? read : reload()),
    reload,
    size: () => read?.index.size ?? 0,
  };
}

/** Identification on the calling thread, for benchmarks and tests; the server ranks on worker threads (identify-pool.ts). */
export function createIdentifyService(repository: FingerprintRepository, options: IdentifyOptions): IdentifyService {
  const held = holdIndex(repository);
  const rank = (photo: Uint8Array) => rankPhoto(photo, async () => (await held.current()).index, repository, options);
  return {
    rank,
    identify: async (photo) => visibleCandidates(await rank(photo)),
    reload: async () => (await held.reload()).index.size,
    indexSize: held.size,
  };
}
