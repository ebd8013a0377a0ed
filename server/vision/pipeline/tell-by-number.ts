import type { RankedPrinting } from '../answer/artwork-scores.ts';
import type { Quad } from '../geometry/card-quad.ts';
import type { IdentifySettings } from '../identify-settings.ts';
import { canonicalNumber, numberFits } from '../read-number/collector-number.ts';
import type { NumberReading } from '../read-number/read-collector-number.ts';
import type { IndexedPrinting } from '../search/fingerprint-index.ts';
import type { ArtworkGroup, CandidateRanking } from '../verify/candidate-ranking.ts';

/** Reads the collector number on the card inside an outline (working image pixels); undefined when it cannot be read at all. */
export type ReadNumber = (outline: Quad) => Promise<NumberReading | undefined>;

/**
 * When the photo's artwork is sure and its printings carry different collector numbers (a holo
 * and a non-holo printing, reprints in other sets), the number printed on the card says which:
 * printings it does not fit keep `numbers.mismatchWeight` of their chance, the artwork's chance is
 * shared again. A number read clearly with its set total ("18/64") that fits none of them means the
 * photo shows a printing of this artwork the catalogue lacks: they are kept, marked so, at most
 * `printing.contradictedScore`. Nothing read, or only numbers without a total that fit none: the
 * shares stay as they were, the printing uncertain. Other photos are not read.
 */
export async function tellByNumber(scored: RankedPrinting[], groups: ArtworkGroup[], ranking: Pick<CandidateRanking, 'outlineOf'>, printings: IndexedPrinting[], readNumber: ReadNumber, { printing, numbers }: IdentifySettings): Promise<RankedPrinting[]> {
  const top = scored[0];
  if (!top || top.artworkScore < printing.checkFromScore.value) return scored;
  const group = groups.find((members) => members.some((entry) => entry.position === top.position))!;
  const printed = (position: number) => `${canonicalNumber(printings[position]!.number)}/${printings[position]!.setTotal ?? '?'}`;
  if (new Set(group.map((entry) => printed(entry.position))).size < 2) return scored;
  const outline = ranking.outlineOf(group);
  const reading = outline && (await readNumber(outline));
  if (!reading || reading.numbers.length === 0) return scored;
  const fits = new Set(group.filter((entry) => reading.numbers.some((read) => numberFits(read, printings[entry.position]!))).map((entry) => entry.position));
  const members = new Set(group.map((entry) => entry.position));
  if (fits.size === 0) {
    if (!reading.numbers.some((read) => read.total !== undefined)) return scored;
    const cap = printing.contradictedScore.value;
    return resorted(scored.map((ranked) => (members.has(ranked.position) ? { ...ranked, score: Math.min(ranked.score, cap), printingNotInCatalogue: true } : ranked)));
  }
  if (fits.size === members.size) return scored;
  // Shares are per image (variants printed from one image share it whole), as scorePrintings gives them.
  const imageOf = (position: number) => printings[position]!.image ?? position;
  const weights = new Map<string | number, number>();
  for (const ranked of scored) {
    if (!members.has(ranked.position)) continue;
    const weight = ranked.score * (fits.has(ranked.position) ? 1 : numbers.mismatchWeight.value);
    weights.set(imageOf(ranked.position), Math.max(weights.get(imageOf(ranked.position)) ?? 0, weight));
  }
  const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return scored;
  return resorted(
    scored.map((ranked) =>
      members.has(ranked.position) ? { ...ranked, score: Math.round(((ranked.artworkScore * weights.get(imageOf(ranked.position))!) / total) * 10) / 10 } : ranked,
    ),
  );
}

const resorted = (scored: RankedPrinting[]) => scored.sort((a, b) => b.score - a.score || b.similarity - a.similarity);
