import type { AnswerSettings } from '../identify-settings.ts';
import type { IndexedPrinting } from '../search/fingerprint-index.ts';
import type { ArtworkGroup } from '../verify/candidate-ranking.ts';
import { matchScore } from './match-score.ts';

/** A printing as ranked for a photo: its place in the index it was ranked in, its id and scores. */
export interface RankedPrinting {
  position: number;
  printingId: string;
  /** Its share, in percent, of its artwork's chance. */
  score: number;
  /** How alike the photo and the candidate's artwork are: its printing that lined up best. */
  similarity: number;
  /** Its group's lead in similarity over the best other group. */
  lead: number;
  /** The chance, in percent, that the photo shows its artwork, whichever printing of it. */
  artworkScore: number;
  /** The photo shows its artwork, but its text box contradicts this printing (pipeline/check-printing.ts). */
  printingNotInCatalogue?: boolean;
}

/** An artwork's similarity (its best printing's), its lead over the best other artwork, and its score. */
export function standing(groups: ArtworkGroup[], g: number): { top: number; lead: number; score: number } {
  const top = groups[g]![0]!.value;
  const lead = top - (groups.find((_, k) => k !== g)?.[0]?.value ?? 0);
  return { top, lead, score: matchScore(top, lead) };
}

/**
 * Every printing with its score, best first: a group shares one probability, split by how well each
 * member fits where they differ (`fits[g]`, when they were told apart).
 */
export function scorePrintings(groups: ArtworkGroup[], fits: Array<number[] | undefined>, printings: IndexedPrinting[], { fitSharpness, similaritySharpness }: AnswerSettings): RankedPrinting[] {
  const scored: RankedPrinting[] = [];
  for (const [g, group] of groups.entries()) {
    const { top, lead, score: groupScore } = standing(groups, g);
    const groupFits = fits[g];
    // Where they differ, printings share the chance by their fit there alone: their similarities
    // also differ by how well each happened to align.
    const bestFit = groupFits && Math.max(...groupFits);
    const weights = groupFits?.some((fit) => fit !== 0)
      ? groupFits.map((fit) => Math.exp(fitSharpness.value * (fit - bestFit!)))
      : group.map((entry) => Math.exp(similaritySharpness.value * (entry.value - top)));
    // Variants printed from one image cannot be told apart by a photo: the chance is shared among
    // images, each weighing as its best-fitting printing, and each of its printings gets its share.
    const imageOf = (k: number) => printings[group[k]!.position]!.image ?? group[k]!.position;
    const images = new Map<string | number, number>();
    group.forEach((_, k) => images.set(imageOf(k), Math.max(images.get(imageOf(k)) ?? 0, weights[k]!)));
    const total = [...images.values()].reduce((sum, weight) => sum + weight, 0);
    group.forEach((entry, k) => {
      scored.push({
        position: entry.position,
        printingId: printings[entry.position]!.printingId,
        score: Math.round(((groupScore * images.get(imageOf(k))!) / total) * 10) / 10,
        similarity: top,
        lead,
        artworkScore: groupScore,
      });
    });
  }
  return scored.sort(byScore);
}

/** Best first: by score, then by how alike. */
export const byScore = (a: RankedPrinting, b: RankedPrinting) => b.score - a.score || b.similarity - a.similarity;
