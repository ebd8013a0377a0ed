import type { Quad } from '../geometry/card-quad.ts';
import type { NumberSettings } from '../identify-settings.ts';
import type { OpenCv } from '../image/opencv.ts';
import { collectorNumbersIn, type CollectorNumber } from './collector-number.ts';
import { findTextLines, type TextBox } from './find-text-lines.ts';
import type { TextModels } from './ocr-models.ts';
import { numberBand } from './number-band.ts';
import { readTextLine, type ReadLine } from './read-text-line.ts';

export interface NumberReading {
  /** Every collector number read sure enough, best first; empty when none could be. */
  numbers: CollectorNumber[];
  /** The parts of the band's lines read, with the reader's chances: a printing's number is fitted to them. */
  lines: ReadLine[];
}

/**
 * The parts of the lines near the band's sides, where every layout prints its number: a line
 * crossing the middle (the copyright, the end of the flavour text) is cut to its ends, read in a
 * fraction of the time (reading costs about 0.3 ms per pixel of line at the reader's height).
 */
function outerParts(boxes: TextBox[], width: number, { numberSide }: NumberSettings): TextBox[] {
  const leftEnd = Math.round(width * numberSide.value);
  const rightStart = width - leftEnd;
  return boxes.flatMap((box) => {
    const end = box.x + box.width;
    const parts: TextBox[] = [];
    if (box.x < leftEnd) parts.push({ ...box, width: Math.min(end, leftEnd) - box.x });
    if (end > rightStart) parts.push({ ...box, x: Math.max(box.x, rightStart), width: end - Math.max(box.x, rightStart) });
    return parts.filter((part) => part.width >= part.height);
  });
}

/** Whether the numbers read so far settle what the reading is for; the lines left are not read then. */
export type EnoughNumbers = (numbers: CollectorNumber[]) => boolean;

/**
 * The collector numbers printed on the card inside `quad`: its bottom band straightened from the
 * upload, its lines of text found and read, the lowest first (the number is on the lowest or the
 * second lowest line), until the numbers read are `enough`: reading is most of the cost.
 */
export async function readCollectorNumber(
  cv: OpenCv,
  models: TextModels,
  photo: Uint8Array,
  quad: Quad,
  scale: number,
  settings: NumberSettings,
  enough: EnoughNumbers = () => false,
): Promise<NumberReading> {
  const band = await numberBand(cv, photo, quad, scale, settings);
  if (!band) return { numbers: [], lines: [] };
  const boxes = await findTextLines(cv, models, band, settings);
  const numbers: Array<{ number: CollectorNumber; chance: number }> = [];
  const lines: ReadLine[] = [];
  for (const box of outerParts(boxes, band.width, settings).slice(-settings.maxLines.value).reverse()) {
    const line = await readTextLine(models, band, box);
    if (!line) continue;
    lines.push(line);
    for (const { number, start, end } of collectorNumbersIn(line.text)) {
      const chance = Math.min(...line.chances.slice(start, end));
      if (chance >= settings.minCharacterChance.value) numbers.push({ number, chance });
    }
    if (enough(numbers.map((found) => found.number))) break;
  }
  numbers.sort((a, b) => Number(b.number.total !== undefined) - Number(a.number.total !== undefined) || b.chance - a.chance);
  return { numbers: numbers.map((found) => found.number), lines };
}
