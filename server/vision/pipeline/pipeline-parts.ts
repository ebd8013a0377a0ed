/**
 * The parts of identification that can be turned off (`npm run bench:identify -- --without <part>`),
 * to measure what each earns. The pipeline runs them all unless told otherwise.
 */
export const pipelineParts = {
  'corner-model': "the learned corner model's outlines, read first",
  'corner-refiner': "each corner of the corner model's outlines looked at again, closer, by a second model",
  'side-fit': "each side of a refined outline moved onto the straight edge seen along it, the corners where the sides meet",
  'print-reader': "a side of a fitted outline seen on too little straight edge, put where a model reading the straightened card's print places it",
  'outline-repair': 'a refined outline that is misshapen or has a side off the edges, rebuilt from three of its corners, read in its place',
  'hand-outlines': 'the hand-written outline search: closed contours, straight edges, cards around art boxes, the frame',
  'detector-seeds': "the cards in the detector's boxes, tried on the second look",
  'first-look': 'the cheap looks through the best outline alone, which answer most photos early',
  'second-look': 'the outlines and detector seeds aligned to the typical card and read again',
  alignment: "candidates' outlines moved until the photo lines up with each",
  'fine-comparison': 'every pixel comparison (thumbnails, strips, and what builds on them): hashes alone decide',
  reprints: 'printings of one artwork told apart on their bottom strips and text boxes',
  'missing-printings': "a likely card's printings the search left out, brought in",
} as const;

export type PipelinePart = keyof typeof pipelineParts;

export function isPipelinePart(name: string): name is PipelinePart {
  return Object.hasOwn(pipelineParts, name);
}

/** Whether a part runs, given the parts turned off. */
export function partsInUse(without: readonly PipelinePart[] = []): (part: PipelinePart) => boolean {
  const off = new Set(without);
  return (part) => !off.has(part);
}
