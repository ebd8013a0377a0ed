import { HttpError } from '../http-error.ts';
import { assetAddress } from '../catalog/asset-address.ts';
import { fingerprintCard, stripSize, thumbnailSize, type CardFingerprint } from './card-fingerprint.ts';
import { cardmarketUrls } from './cardmarket-urls.ts';
import { decodePhoto } from './decode-photo.ts';
import { shiftedCorrelation } from './fine-compare.ts';
import { findCardOutlines } from './find-card-outlines.ts';
import type { FingerprintIndex } from './fingerprint-index.ts';
import type { FineDetails, FingerprintRepository } from './fingerprint-repository.ts';
import type { Candidate } from './identify-schemas.ts';
import { matchScore, scoreThreshold, similarity, type MatchEvidence } from './match-score.ts';
import { loadOpenCv, type OpenCv } from './opencv.ts';
import type { RasterImage } from './raster-image.ts';
import { rectifyCards, rotateHalfTurn } from './rectify-card.ts';
import { alignQuad, alignToCandidate, type Alignment } from './align-to-candidate.ts';
import { reprintFits } from './tell-reprints-apart.ts';
import { maxCornerDistance, type Quad } from './card-quad.ts';
import { PhotoSampler } from './photo-sampler.ts';

const halfTurn = (quad: Quad): Quad => [quad[2], quad[3], quad[0], quad[1]];

export interface IdentifyOptions {
  assetsBaseUrl: string;
  /** Nearest printings by hash taken from each outline reading and compared on their thumbnails. */
  pool?: number;
  /** Printings, best by thumbnail over all readings, given the finer comparison (bottom strip, shifts). */
  finalists?: number;
  /** Finalists, best first, whose outline is moved until the photo lines up with them. */
  aligned?: number;
  /** Skip the pixel comparisons: the hash distance alone orders the candidates (for measuring what they add). */
  hashOnly?: boolean;
}

export interface ScoredCandidate extends Candidate {
  similarity: number;
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
  'The identification index is empty: no card fingerprints have been built. Run `npm run catalog:index` (after `npm run catalog:import`) and restart the server.';

/** The card read through one outline hypothesis, in one of its two orientations. */
interface Reading {
  fingerprint: CardFingerprint;
  quad: Quad;
}

/** A printing's best showing over the readings: by thumbnail correlation, or by hash when hashes alone decide. */
interface Contender {
  position: number;
  /** The outline reading it was best against. */
  reading: Reading;
  coarse: number;
  hashDistance: number;
}

const maxCandidates = 10;
/**
 * Catalogue images at least this alike show one artwork (reprints differ only in the bottom strip).
 * Lower, and printings that merely look similar would share, and so dilute, the right one's score.
 */
const sameArtCorrelation = 0.93;

export function createIdentifyService(repository: FingerprintRepository, options: IdentifyOptions): IdentifyService {
  const pool = options.pool ?? 300;
  const finalists = options.finalists ?? 24;
  const aligned = options.aligned ?? 6;
  /** Outline hypotheses also read after aligning them to the typical card. */
  const straightenedOutlines = 3;
  /** Readings whose best printing is aligned too: the straightened ones, which are read first. */
  const leadingReadings = 2 * straightenedOutlines;
  let index: FingerprintIndex | undefined;
  let loading: Promise<FingerprintIndex> | undefined;

  const load = () => {
    loading ??= repository.loadIndex().then(
      (loaded) => {
        index = loaded;
        loading = undefined;
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  // An empty index is read again on each request, so fingerprints built after start are picked up.
  const current = async () => (index && index.size > 0 ? index : load());

  /** The card's fingerprint under every outline hypothesis, upright and upside down. */
  function readings(cv: OpenCv, image: RasterImage, sampler: PhotoSampler | undefined, typicalCard: Uint8Array): Reading[] {
    const hypotheses = findCardOutlines(cv, image);
    // The best outlines, each way up, moved to line up with the layout cards share: an outline a few
    // percent off (a border lost on one side, an art box taken for the card) then reads the card as
    // the catalogue holds it. They are read first: the leading readings.
    const straightened = sampler
      ? hypotheses
          .filter((hypothesis) => hypothesis.source !== 'frame')
          .slice(0, straightenedOutlines)
          .flatMap((hypothesis) => [hypothesis.quad, halfTurn(hypothesis.quad)].map((quad) => alignQuad(sampler, quad, typicalCard).quad))
      : [];
    const quads = hypotheses.map((hypothesis) => hypothesis.quad);
    return [
      ...rectifyCards(cv, image, straightened).map((card, i) => ({ fingerprint: fingerprintCard(card), quad: straightened[i]! })),
      ...rectifyCards(cv, image, quads).flatMap((card, i) => [
        { fingerprint: fingerprintCard(card), quad: quads[i]! },
        { fingerprint: fingerprintCard(rotateHalfTurn(card)), quad: halfTurn(quads[i]!) },
      ]),
    ];
  }

  /**
   * The finalists (each printing with its best reading, best first) and the leaders: the best
   * printing of each of the first readings. A leader's reading may be a few percent off and so
   * rank low by correlation, yet line up perfectly once aligned.
   */
  function contenders(search: FingerprintIndex, all: Reading[]): { finals: Contender[]; leaders: Contender[] } {
    const best = new Map<number, Contender>();
    const leaders: Contender[] = [];
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
      let leader: Contender | undefined;
      matches.forEach((match, k) => {
        const contender = { position: match.position, reading, coarse: coarse[k]!, hashDistance: match.distance };
        const known = best.get(match.position);
        if (!known || contender.coarse > known.coarse) best.set(match.position, contender);
        if (!leader || contender.coarse > leader.coarse) leader = contender;
      });
      if (leader && r < leadingReadings) leaders.push(leader);
    }
    return { finals: [...best.values()].sort((a, b) => b.coarse - a.coarse).slice(0, finalists), leaders };
  }

  function evidenceFor(contender: Contender, details: FineDetails | undefined): MatchEvidence {
    const hashDistance = contender.hashDistance;
    if (options.hashOnly || !details) return { whole: 1 - 2 * hashDistance, strip: 1 - 2 * hashDistance, hashDistance };
    const fingerprint = contender.reading.fingerprint;
    return {
      whole: shiftedCorrelation(fingerprint.thumbnail, details.thumbnail, thumbnailSize.width, thumbnailSize.height, 2, 2),
      strip: shiftedCorrelation(fingerprint.strip, details.strip, stripSize.width, stripSize.height, 3, 2),
      hashDistance,
    };
  }

  async function rank(photo: Uint8Array): Promise<ScoredCandidate[]> {
    const image = await decodePhoto(photo);
    const search = await current();
    if (search.size === 0) throw new HttpError(503, emptyIndexMessage);
    const cv = await loadOpenCv();
    const sampler = options.hashOnly ? undefined : new PhotoSampler(image);
    const { finals: shortlist, leaders } = contenders(search, readings(cv, image, sampler, search.typicalCard));
    const finals = [...shortlist, ...leaders.filter((leader) => !shortlist.some((contender) => contender.position === leader.position))];
    const details = options.hashOnly
      ? new Map<string, FineDetails>()
      : await repository.fineDetails(finals.map((contender) => search.printings[contender.position]!.printingId));
    const fineOf = (position: number) => details.get(search.printings[position]!.printingId);
    const byPosition = new Map<number, number>();
    for (const contender of finals) byPosition.set(contender.position, similarity(evidenceFor(contender, fineOf(contender.position))));
    const alignments = new Map<number, Alignment>();
    const tried = new Map<number, Quad[]>();
    const align = (position: number, start: Quad, hashDistance: number) => {
      const fine = fineOf(position);
      if (!sampler || !fine) return;
      // The same printing from nearly the same outline would align to the same place.
      const starts = tried.get(position) ?? [];
      const size = Math.hypot(start[2].x - start[0].x, start[2].y - start[0].y);
      if (starts.some((quad) => maxCornerDistance(quad, start) < 0.02 * size)) return;
      tried.set(position, [...starts, start]);
      const alignment = alignToCandidate(sampler, start, fine);
      const known = alignments.get(position);
      if (known && known.whole >= alignment.whole) return;
      alignments.set(position, alignment);
      byPosition.set(position, similarity({ whole: alignment.whole, strip: alignment.strip, hashDistance }));
    };
    // The best by the shortlist's coarse correlation (it tolerates a misaligned outline better than
    // the finer comparison), and each leading reading's favourite.
    for (const contender of [...shortlist.slice(0, aligned), ...leaders]) align(contender.position, contender.reading.quad, contender.hashDistance);
    const ranked = [...byPosition.entries()].map(([position, value]) => ({ position, value })).sort((a, b) => b.value - a.value);
    // Printings whose images look alike (reprints, variants) share one probability, split by how well each fits.
    const sameArt = (a: number, b: number) => {
      const pa = search.printings[a]!;
      const pb = search.printings[b]!;
      if (pa.image !== null && pa.image === pb.image) return true;
      const da = details.get(pa.printingId);
      const db = details.get(pb.printingId);
      if (!da || !db) return false;
      return shiftedCorrelation(da.thumbnail, db.thumbnail, thumbnailSize.width, thumbnailSize.height, 0, 0) > sameArtCorrelation;
    };
    const groups: Array<typeof ranked> = [];
    for (const entry of ranked) {
      const group = groups.find((members) => sameArt(members[0]!.position, entry.position));
      if (group) group.push(entry);
      else groups.push([entry]);
    }
    // Reprints are told apart on their aligned strips: members not aligned yet start from an aligned sibling.
    for (const group of groups) {
      const aligned = group.find((entry) => alignments.has(entry.position));
      if (!aligned) continue;
      for (const entry of group) {
        if (!alignments.has(entry.position)) {
          const contender = finals.find((candidate) => candidate.position === entry.position)!;
          align(entry.position, alignments.get(aligned.position)!.quad, contender.hashDistance);
          entry.value = byPosition.get(entry.position)!;
        }
      }
      group.sort((a, b) => b.value - a.value);
    }
    groups.sort((a, b) => b[0]!.value - a[0]!.value);
    /** Within a same-art group, each member's fit on what sets it apart; all equal when it cannot be told. */
    const reprintFitsOf = (group: typeof ranked): number[] => {
      const members = group.map((entry) => ({ alignment: alignments.get(entry.position), fine: details.get(search.printings[entry.position]!.printingId) }));
      if (group.length < 2 || members.some((member) => !member.alignment || !member.fine)) return group.map(() => 0);
      return reprintFits(
        members.map((member) => member.alignment!.photoStrip),
        members.map((member) => member.fine!.strip),
      );
    };
    const scored: ScoredCandidate[] = [];
    for (const [g, group] of groups.entries()) {
      const other = groups.find((_, k) => k !== g)?.[0]?.value ?? 0;
      const top = group[0]!.value;
      const groupScore = matchScore(top, top - other);
      const fits = reprintFitsOf(group);
      const bestFit = Math.max(...fits);
      const weights = group.map((entry, k) => Math.exp(30 * (entry.value - top) + 10 * (fits[k]! - bestFit)));
      // Variants printed from one image cannot be told apart by a photo: each gets the image's share.
      const images = new Map(group.map((entry, k) => [search.printings[entry.position]!.image ?? entry.position, weights[k]!]));
      const total = [...images.values()].reduce((sum, weight) => sum + weight, 0);
      group.forEach((entry, k) => {
        const printing = search.printings[entry.position]!;
        const image = assetAddress(printing.image, options.assetsBaseUrl);
        scored.push({
          printingId: printing.printingId,
          cardName: printing.cardName,
          setName: printing.setName,
          number: printing.number,
          variant: printing.variant,
          language: printing.language,
          score: Math.round(((groupScore * weights[k]!) / total) * 10) / 10,
          imageUrl: image === null ? '' : `${image}/high.webp`,
          urls: cardmarketUrls(printing),
          similarity: entry.value,
        });
      });
    }
    return scored.sort((a, b) => b.score - a.score || b.similarity - a.similarity);
  }

  return {
    rank,
    async identify(photo) {
      const ranked = await rank(photo);
      return ranked
        .filter((candidate) => candidate.score >= scoreThreshold)
        .slice(0, maxCandidates)
        .map(({ similarity: _similarity, ...candidate }) => candidate);
    },
    async reload() {
      return (await load()).size;
    },
    indexSize: () => index?.size ?? 0,
  };
}
