import { byScore, type RankedPrinting } from '../answer/artwork-scores.ts';
import { offeredAsMissing } from './check-printing.ts';
import type { Quad } from '../geometry/card-quad.ts';
import type { IdentifySettings } from '../identify-settings.ts';
import { numberFits } from '../read-number/collector-number.ts';
import { printedForms, printingFit } from '../read-number/number-fit.ts';
import type { EnoughNumbers, NumberReading } from '../read-number/read-collector-number.ts';
import type { IndexedPrinting } from '../search/fingerprint-index.ts';
import type { ArtworkGroup, CandidateRanking } from '../verify/candidate-ranking.ts';

/**
 * Reads the collector number on the card inside an outline (working image pixels), until what was
 * read is `enough`; undefined when it cannot be read at all.
 */
export type ReadNumber = (outline: Quad, enough?: EnoughNumbers) => Promise<NumberReading | undefined>;

/**
 * When the photo's artwork is sure and its printings are printed with different collector numbers
 * (a holo and a non-holo printing, reprints in sets of other sizes), the card's number says which.
 * Each printing's number is fitted to the lines read off the card's bottom: when the best fits
 * (`numbers.fitFloor`), printings fitting `numbers.fitMargin` worse keep `numbers.mismatchWeight`
 * of their chance and the artwork's chance is shared again. When none fits but a number with its
 * set total was read clearly ("18/64"), the photo shows a printing of this artwork the catalogue
 * lacks: they are kept, marked so, at most `printing.contradictedScore`. Otherwise the shares stay
 * as they were, the printing uncertain. Other photos are not read, nor those whose top printing
 * holds `numbers.readBelowShare` of its artwork's chance already.
 */
export async function tellByNumber(
  scored: RankedPrinting[],
  groups: ArtworkGroup[],
  ranking: Pick<CandidateRanking, 'outlineOf'>,
  printings: IndexedPrinting[],
  readNumber: ReadNumber,
  { printing, numbers }: IdentifySettings,
): Promise<RankedPrinting[]> {
  const top = scored[0];
  if (!top || top.artworkScore < printing.checkFromScore.value) return scored;
  // The printings' own pixels (set symbol, number, text box) already gave one nearly all of the chance.
  if (top.score >= numbers.readBelowShare.value * top.artworkScore) return scored;
  const group = groups.find((members) => members.some((entry) => entry.position === top.position))!;
  const forms = (position: number) => printedForms(printings[position]!).join(' ');
  if (new Set(group.map((entry) => forms(entry.position))).size < 2) return scored;
  const outline = ranking.outlineOf(group);
  // A number read surely that is one of these printings' says which: the other lines need not be read.
  const reading = outline && (await readNumber(outline, (read) => read.some((number) => group.some((entry) => numberFits(number, printings[entry.position]!)))));
  if (!reading) return scored;
  const fitOf = new Map(group.map((entry) => [entry.position, printingFit(reading.lines, printings[entry.position]!)]));
  const bestFit = Math.max(...fitOf.values());
  if (bestFit < -numbers.fitFloor.value) {
    const contradicted = reading.numbers.some((read) => read.total !== undefined) && !group.some((entry) => reading.numbers.some((read) => numberFits(read, printings[entry.position]!)));
    return contradicted ? offeredAsMissing(scored, group, printing) : scored;
  }
  const fits = (position: number) => fitOf.get(position)! >= bestFit - numbers.fitMargin.value;
  if (group.every((entry) => fits(entry.position))) return scored;
  const members = new Set(group.map((entry) => entry.position));
  // Shares are per image (variants printed from one image share it whole), as scorePrintings gives them.
  const imageOf = (position: number) => printings[position]!.image ?? position;
  const weights = new Map<string | number, number>();
  for (const ranked of scored) {
    if (!members.has(ranked.position)) continue;
    const weight = ranked.score * (fits(ranked.position) ? 1 : numbers.mismatchWeight.value);
    weights.set(imageOf(ranked.position), Math.max(weights.get(imageOf(ranked.position)) ?? 0, weight));
  }
  const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return scored;
  return scored
    .map((ranked) => (members.has(ranked.position) ? { ...ranked, score: Math.round(((ranked.artworkScore * weights.get(imageOf(ranked.position))!) / total) * 10) / 10 } : ranked))
    .sort(byScore);
}
