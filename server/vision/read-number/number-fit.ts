import type { ReadLine } from './read-text-line.ts';

/**
 * How well a line of text read off the card spells `form` somewhere in it ("4/102" in
 * "REAK1999Wizards4102"): the best CTC alignment of the form to a stretch of the line (Viterbi, the
 * rest of the line free), as the sum over that stretch of each step's log chance less its likeliest
 * class's. 0: the reader's own best reading spells it there; each unit below is e times less
 * likely. -Infinity when the line cannot spell it (a character the reader does not know).
 */
export function formFit(line: ReadLine, form: string): number {
  const labels: Array<Float32Array | undefined> = [];
  for (const character of form) labels.push(undefined, line.characterLogs.get(character));
  labels.push(undefined);
  if (form.length === 0 || labels.some((logs, s) => s % 2 === 1 && !logs)) return -Infinity;
  const states = labels.length;
  let previous = new Float64Array(states).fill(-Infinity);
  let best = -Infinity;
  for (let t = 0; t < line.steps; t++) {
    const current = new Float64Array(states).fill(-Infinity);
    const here = (s: number) => (labels[s] ?? line.blankLog)[t]! - line.bestLog[t]!;
    for (let s = 0; s < states; s++) {
      // The form may start at any step: its first blank or first character enters from the free prefix.
      let from = s <= 1 ? 0 : -Infinity;
      from = Math.max(from, previous[s]!);
      if (s >= 1) from = Math.max(from, previous[s - 1]!);
      if (s >= 2 && labels[s] && labels[s] !== labels[s - 2]) from = Math.max(from, previous[s - 2]!);
      current[s] = from + here(s);
    }
    // ... and end at any step, on its last character or the blank after it.
    best = Math.max(best, current[states - 1]!, current[states - 2]!);
    previous = current;
  }
  return best;
}

/** How a printing's number is printed: "43/102"; modern cards pad the total to the number's width ("001/091"); a promo's "SM80" stands alone. */
export function printedForms({ number, setTotal }: { number: string; setTotal: number | null }): string[] {
  const printed = number.trim().toUpperCase();
  if (setTotal === null || !/^\d+$/.test(printed)) return [printed];
  return [...new Set([`${printed}/${setTotal}`, `${printed}/${String(setTotal).padStart(printed.length, '0')}`])];
}

/** How well the best of the lines spells the best of a printing's printed forms. */
export function printingFit(lines: readonly ReadLine[], printing: { number: string; setTotal: number | null }): number {
  let best = -Infinity;
  for (const form of printedForms(printing)) for (const line of lines) best = Math.max(best, formFit(line, form));
  return best;
}
