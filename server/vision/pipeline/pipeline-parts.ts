import { identifyParts, type IdentifyParts } from '../identify-settings.ts';

/** Every part of identification that can be left out (`npm run bench:identify -- --without <part>`), to measure what it earns. */
export const pipelineParts = {
  'corner-model': "the learned corner model's outlines, read first",
  'hand-outlines': 'the hand-written outline search: closed contours, straight edges, cards around art boxes, the frame',
  'detector-seeds': "the cards in the detector's boxes, tried on the second look",
  'corner-refiner': "each corner of the corner model's outlines looked at again, closer, by a second model",
  'side-fit': 'each side of the outline moved onto the straight edge seen along it, the corners where the sides meet',
  'outline-repair': 'an outline that is misshapen or has a side off the edges, rebuilt from three of its corners, read in its place',
  'print-reader': "a side seen on too little straight edge put where a model reading the straightened card's print places it (needs the side fit)",
  'first-look': 'the cheap looks through the best outline alone, which answer most photos early',
  'second-look': 'the outlines and detector seeds aligned to the typical card and read again',
  'fine-comparison': 'every pixel comparison (thumbnails, strips, and what builds on them): hashes alone decide',
  alignment: "candidates' outlines moved until the photo lines up with each",
  reprints: 'printings of one artwork told apart on their bottom strips and text boxes',
  'missing-printings': "a likely card's printings the search left out, brought in",
  'printing-reader': "a sure top printing checked on its text box: one the photo contradicts is offered as its picture's printing, marked, under the auto-add score",
  'number-reader': "the collector number read off the card when the sure artwork's printings carry different numbers: it picks the printing, or says the catalogue lacks it",
  'quarter-turn': "a page photo's cards looked for again in the photo turned a quarter: the detector finds few cards lying on their side",
  'slant-turns': "a page photo's cards looked for in the photo turned by 30, 60, 120 and 150 degrees: loose cards lie at any angle",
} as const;

export type PipelinePart = keyof typeof pipelineParts;

export function isPipelinePart(name: string): name is PipelinePart {
  return Object.hasOwn(pipelineParts, name);
}

/** The settings' lists of parts, less those named. */
export function partsWithout(without: readonly PipelinePart[] = []): IdentifyParts {
  const kept = <T extends string>(list: readonly T[]) => list.filter((part) => !without.includes(part as string as PipelinePart));
  return {
    outlineSources: kept(identifyParts.outlineSources),
    outlineSteps: kept(identifyParts.outlineSteps),
    looks: kept(identifyParts.looks),
    comparisons: kept(identifyParts.comparisons),
    pageSearches: kept(identifyParts.pageSearches),
  };
}
