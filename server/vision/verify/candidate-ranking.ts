import type { FineDetails, FineDetailsSource } from '../search/fine-details.ts';
import { artCells, artOfThumbnail, regionGrids, stripSize, textSize, thumbnailSize } from '../describe/card-fingerprint.ts';
import type { VerifySettings } from '../identify-settings.ts';
import { maxCornerDistance, type Quad } from '../geometry/card-quad.ts';
import type { PhotoSampler } from '../rectify/photo-sampler.ts';
import type { FingerprintIndex } from '../search/fingerprint-index.ts';
import type { Contender } from '../search/shortlist.ts';
import { alignToCandidate, type Alignment } from './align-to-candidate.ts';
import { correlationWith, normalised, shiftedCorrelation } from '../image/correlation.ts';
import { alignRegionFinely, alignRegionRoughly } from './region-reading.ts';
import { readRegion } from './read-region.ts';
import { similarity, type MatchEvidence } from './similarity.ts';
import { reprintFits } from './tell-reprints-apart.ts';

/** A printing in the running and how alike the photo and it are: its best showing. */
export interface RankedEntry {
  position: number;
  value: number;
}

/** Printings that show one artwork (languages, variants, reprints), the most alike first. */
export type ArtworkGroup = RankedEntry[];

/** A printing in the running and what was found of it. */
interface InRunning {
  /** The reading it is most alike through. */
  contender: Contender;
  /** Its similarity through that reading, unaligned. */
  readingValue: number;
  /** The best of its alignments, judged on the card and its bottom strip. */
  alignment?: Alignment;
  /** The outlines it was aligned from. */
  starts: Quad[];
  /** Its thumbnail ready for correlating (grouping compares every pair). */
  normalisedThumbnail?: Float32Array;
}

/**
 * The printings in the running for one photo and what the finer comparison found for each (aligned
 * when it was worth it). The work is asked for step by step (`add`, `align`, `alignRivals`,
 * `tellApart`, `addPrintingsOfCards`); reading the groups starts none.
 */
export class CandidateRanking {
  /** The printings in the running, by their place in the index, in the order they came in. */
  private readonly inRunning = new Map<number, InRunning>();
  /** The finalists' details, read once from the database. */
  private readonly details = new Map<string, FineDetails>();
  /** Whether two printings (a pair of places) show one artwork. */
  private readonly alike = new Map<number, boolean>();
  /** A same-art group's regions read from the photo, by group and outline. */
  private readonly regionReads = new Map<string, Uint8Array[]>();

  constructor(
    private readonly search: FingerprintIndex,
    private readonly repository: FineDetailsSource,
    /** Absent when hashes alone decide. */
    private readonly sampler: PhotoSampler | undefined,
    private readonly verify: VerifySettings,
    /** The hash strip's weight in a hash distance (`search.stripHashWeight`). */
    private readonly stripHashWeight: number,
  ) {}

  private fineOf(position: number): FineDetails | undefined {
    return this.details.get(this.search.printings[position]!.printingId);
  }

  private evidence(contender: Contender): MatchEvidence {
    const { hashDistance } = contender;
    const details = this.fineOf(contender.position);
    if (!this.sampler || !details) return { whole: 1 - 2 * hashDistance, art: 1 - 2 * hashDistance, strip: 1 - 2 * hashDistance, hashDistance };
    const { fingerprint } = contender.reading;
    const { thumbnailShiftX, thumbnailShiftY, stripShiftX, stripShiftY } = this.verify;
    return {
      whole: shiftedCorrelation(fingerprint.thumbnail, details.thumbnail, thumbnailSize.width, thumbnailSize.height, thumbnailShiftX.value, thumbnailShiftY.value),
      art: shiftedCorrelation(artOfThumbnail(fingerprint.thumbnail), artOfThumbnail(details.thumbnail), artCells.width, artCells.height, thumbnailShiftX.value, thumbnailShiftY.value),
      strip: shiftedCorrelation(fingerprint.strip, details.strip, stripSize.width, stripSize.height, stripShiftX.value, stripShiftY.value),
      hashDistance,
    };
  }

  /**
   * Takes contenders in, with what the finer comparison needs from the database. A known printing
   * takes a reading it is more alike through: a reading may correlate better at a glance and still
   * line up worse (its bottom strip off); once aligned, it keeps what the alignment found.
   */
  async add(contenders: Contender[]): Promise<void> {
    const fresh = contenders.filter((contender) => !this.inRunning.has(contender.position));
    if (this.sampler && fresh.length > 0) {
      const found = await this.repository.fineDetails(fresh.map((contender) => this.search.printings[contender.position]!.printingId));
      for (const [id, details] of found) this.details.set(id, details);
    }
    for (const contender of contenders) {
      const through = similarity(this.evidence(contender), this.verify);
      const known = this.inRunning.get(contender.position);
      if (!known) this.inRunning.set(contender.position, { contender, readingValue: through, starts: [] });
      else if (known.readingValue < through) Object.assign(known, { contender, readingValue: through });
    }
  }

  /**
   * A printing is as alike as its best showing: aligned, or through its best reading, which may
   * line up better than an alignment started from a poorer outline (and its hash comes from there).
   */
  private alignedSimilarity({ whole, art, strip }: Alignment, hashDistance: number): number {
    return similarity({ whole, art, strip, hashDistance }, this.verify);
  }

  private valueOf({ contender, readingValue, alignment }: InRunning): number {
    if (!alignment) return readingValue;
    return Math.max(readingValue, this.alignedSimilarity(alignment, contender.hashDistance));
  }

  /** The `count` contenders with the best coarse correlation, best first. */
  leaders(count: number): Contender[] {
    return [...this.inRunning.values()].map((entry) => entry.contender).sort((a, b) => b.coarse - a.coarse).slice(0, count);
  }

  /**
   * Moves the outline until the photo lines up with the printing, and judges it that way. Of two
   * alignments the one where the card and its bottom strip line up better is kept: an alignment
   * from a poorer outline can fit the whole card well and the strip badly.
   */
  align(contender: Contender, start: Quad = contender.reading.quad): void {
    const fine = this.fineOf(contender.position);
    const entry = this.inRunning.get(contender.position);
    if (!this.sampler || !fine || !entry) return;
    // The same printing from nearly the same outline would align to the same place.
    const size = Math.hypot(start[2].x - start[0].x, start[2].y - start[0].y);
    if (entry.starts.some((quad) => maxCornerDistance(quad, start) < this.verify.sameStart.value * size)) return;
    entry.starts.push(start);
    const alignment = alignToCandidate(this.sampler, start, fine, this.verify);
    if (entry.alignment && this.alignedSimilarity(entry.alignment, 0) >= this.alignedSimilarity(alignment, 0)) return;
    entry.alignment = alignment;
  }

  /**
   * Printings of one card (its languages, its variants) show one artwork, whatever their text;
   * other printings do when their images look alike (reprints in other sets).
   */
  private sameArt(a: number, b: number): boolean {
    const pa = this.search.printings[a]!;
    const pb = this.search.printings[b]!;
    if (pa.cardId === pb.cardId || (pa.image !== null && pa.image === pb.image)) return true;
    const da = this.fineOf(a);
    const db = this.fineOf(b);
    if (!da || !db) return false;
    const pair = Math.min(a, b) * this.search.size + Math.max(a, b);
    let alike = this.alike.get(pair);
    if (alike === undefined) {
      alike = correlationWith(this.normalisedThumbnail(a, da), this.normalisedThumbnail(b, db)) > this.verify.sameArtCorrelation.value;
      this.alike.set(pair, alike);
    }
    return alike;
  }

  /** A printing's thumbnail ready for correlating: grouping compares every pair of contenders. */
  private normalisedThumbnail(position: number, details: FineDetails): Float32Array {
    const entry = this.inRunning.get(position)!;
    return (entry.normalisedThumbnail ??= normalised(details.thumbnail));
  }

  /** Printings that show one artwork (languages, variants, reprints), best group first. */
  groups(): ArtworkGroup[] {
    const ranked = [...this.inRunning].map(([position, entry]) => ({ position, value: this.valueOf(entry) })).sort((a, b) => b.value - a.value);
    const groups: ArtworkGroup[] = [];
    for (const entry of ranked) {
      const group = groups.find((members) => this.sameArt(members[0]!.position, entry.position));
      if (group) group.push(entry);
      else groups.push([entry]);
    }
    return groups;
  }

  /**
   * Aligns the best other artwork when the leading one is aligned, so the leader's rival is judged
   * as the leader was: unaligned, its similarity is understated, and so the lead and the score
   * overstated (most in a small catalogue). An artwork is as alike as its printing that lined up
   * best; its other printings need no alignment of their own, as they are told apart on regions
   * read from that outline.
   */
  alignRivals(): void {
    let groups = this.groups();
    for (let round = 0; round < this.verify.rivalRounds.value; round++) {
      const [top, rival] = groups;
      const aligned = (group: ArtworkGroup) => this.inRunning.get(group[0]!.position)!.alignment !== undefined;
      if (!top || !rival || !aligned(top) || aligned(rival)) break;
      this.align(this.inRunning.get(rival[0]!.position)!.contender);
      if (!aligned(rival)) break;
      groups = this.groups();
    }
  }

  /**
   * A region of the photo read for each printing of a same-art group, from the outline the artwork
   * lined up best through. That region is lined up roughly with the printings' mean (what they share:
   * layout, rules, words of one language) and, for bottom strips, finely with each printing's own:
   * collector numbers differ by a fraction of a digit's strokes, while another language differs in
   * whole words.
   */
  private photoRegions(group: ArtworkGroup, start: Quad, which: keyof typeof regionGrids): Uint8Array[] {
    const key = `${which} ${group.map((entry) => entry.position).join(',')} ${start.map((p) => `${p.x},${p.y}`).join(' ')}`;
    const known = this.regionReads.get(key);
    if (known) return known;
    const sampler = this.sampler!;
    const grid = regionGrids[which];
    const targets = group.map((entry) => this.fineOf(entry.position)![which]);
    const mean = new Float32Array(targets[0]!.length);
    for (const target of targets) for (let i = 0; i < mean.length; i++) mean[i]! += target[i]! / targets.length;
    const rough = alignRegionRoughly(sampler, start, grid, mean, this.verify);
    const reads: Uint8Array[] = [];
    targets.forEach((target, k) => {
      // Printings with one strip (variants, often a card's languages) share one read.
      const same = targets.findIndex((other) => other.length === target.length && other.every((value, i) => value === target[i]));
      reads.push(same < k ? reads[same]! : readRegion(sampler, which === 'strip' ? alignRegionFinely(sampler, rough, grid, target, this.verify) : rough, grid));
    });
    this.regionReads.set(key, reads);
    return reads;
  }

  /**
   * Within a same-art group, each member's fit on what sets it apart: the bottom strip (reprints)
   * and the text box (languages), read from the photo. Absent when it cannot be told: no member
   * aligned, or no details.
   */
  tellApart(group: ArtworkGroup): number[] | undefined {
    const start = this.outlineOf(group);
    const details = group.map((entry) => this.fineOf(entry.position));
    if (group.length < 2 || !start || details.some((member) => !member)) return undefined;
    const fitsOn = (which: keyof typeof regionGrids, size: { width: number; height: number }) =>
      reprintFits(
        () => this.photoRegions(group, start, which),
        details.map((member) => member![which]),
        this.verify,
        size,
      );
    const strips = fitsOn('strip', stripSize);
    const texts = fitsOn('text', textSize);
    return strips.map((fit, k) => fit + texts[k]!);
  }

  /** The outline a same-art group's artwork lined up best through, in the working image's pixels; absent when none of it aligned. */
  outlineOf(group: ArtworkGroup): Quad | undefined {
    const lined = group.flatMap((entry) => this.inRunning.get(entry.position)!.alignment ?? []);
    return lined.length === 0 ? undefined : lined.reduce((a, b) => (b.whole > a.whole ? b : a)).quad;
  }

  /**
   * A region of the photo read through the outline a printing's artwork lined up best through, as
   * it is (no region alignment: a whole text box off by a few cells still reads as itself), beside
   * that printing's region. Absent when no printing of the artwork is aligned or its details are missing.
   */
  regionThroughBest(group: ArtworkGroup, k: number, which: keyof typeof regionGrids): { photo: Uint8Array; own: Uint8Array } | undefined {
    const start = this.outlineOf(group);
    const details = this.fineOf(group[k]!.position);
    if (!this.sampler || !start || !details) return undefined;
    return { photo: readRegion(this.sampler, start, regionGrids[which]), own: details[which] };
  }

  /**
   * Brings in the printings of the given artworks' cards that the search left out (another
   * language, a variant): in a large catalogue, look-alike printings can crowd a card's twin out
   * of the finalists, and a photo of the twin would then be answered with the card alone.
   */
  async addPrintingsOfCards(groups: ArtworkGroup[]): Promise<void> {
    const missing = new Map<number, Contender>();
    for (const group of groups) {
      const { reading } = this.inRunning.get(group[0]!.position)!.contender;
      for (const entry of group) {
        for (const position of this.search.printingsOfCard(entry.position)) {
          if (this.inRunning.has(position) || missing.has(position)) continue;
          const coarse = this.search.correlate(reading.fingerprint.thumbnail, [position])[0]!;
          missing.set(position, { position, reading, coarse, hashDistance: this.search.distance(reading.fingerprint.hashes, position, this.stripHashWeight) });
        }
      }
    }
    if (missing.size > 0) await this.add([...missing.values()]);
  }
}
