import type { RasterImage } from '../image/raster-image.ts';
import type { TextBox } from './find-text-lines.ts';
import type { TextModels } from './ocr-models.ts';

/** The reader's input height, fixed by its training. */
const lineHeight = 48;

/** One box of the image, resized to the reader's height (bilinear), as normalised BGR planes. */
function readerInput(image: RasterImage, box: TextBox): { input: Float32Array; width: number } {
  const width = Math.max(lineHeight, Math.round((box.width * lineHeight) / box.height));
  const input = new Float32Array(3 * lineHeight * width);
  const plane = lineHeight * width;
  for (let y = 0; y < lineHeight; y++) {
    const sy = Math.min(box.height - 1, Math.max(0, ((y + 0.5) * box.height) / lineHeight - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(box.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(box.width - 1, Math.max(0, ((x + 0.5) * box.width) / width - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(box.width - 1, x0 + 1);
      const fx = sx - x0;
      for (let c = 0; c < 3; c++) {
        const at = (yy: number, xx: number) => image.data[((box.y + yy) * image.width + box.x + xx) * 3 + c]!;
        const value = (at(y0, x0) * (1 - fx) + at(y0, x1) * fx) * (1 - fy) + (at(y1, x0) * (1 - fx) + at(y1, x1) * fx) * fy;
        input[(2 - c) * plane + y * width + x] = value / 127.5 - 1;
      }
    }
  }
  return { input, width };
}

/** The characters a collector number is written in: their chances are kept per step, to fit a printing's number to the line. */
export const numberCharacters = '0123456789/ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export interface ReadLine {
  /** Each step's likeliest character, repeats and blanks dropped (greedy CTC). */
  text: string;
  /** Each character's chance, in the text's order. */
  chances: number[];
  /** Per step, the log chance of the likeliest class, of the blank, and of each of `numberCharacters`. */
  steps: number;
  bestLog: Float32Array;
  blankLog: Float32Array;
  characterLogs: Map<string, Float32Array>;
}

const log = (chance: number) => Math.log(Math.max(chance, 1e-9));

/** A line of text read by PaddleOCR's reader. */
export async function readTextLine(models: TextModels, image: RasterImage, box: TextBox): Promise<ReadLine | undefined> {
  const { input, width } = readerInput(image, box);
  const outcome = await models.readLine.run(input, [1, 3, lineHeight, width]);
  if (!outcome.ok) return undefined;
  const [, steps, classes] = outcome.output.dims as [number, number, number];
  const odds = outcome.output.data;
  const classOf = new Map([...numberCharacters].map((character) => [character, models.alphabet.indexOf(character) + 1]));
  const characterLogs = new Map([...numberCharacters].map((character) => [character, new Float32Array(steps)]));
  const bestLog = new Float32Array(steps);
  const blankLog = new Float32Array(steps);
  let text = '';
  const chances: number[] = [];
  let previous = 0;
  for (let t = 0; t < steps; t++) {
    const row = t * classes;
    let best = 0;
    for (let c = 1; c < classes; c++) if (odds[row + c]! > odds[row + best]!) best = c;
    bestLog[t] = log(odds[row + best]!);
    blankLog[t] = log(odds[row]!);
    for (const [character, logs] of characterLogs) logs[t] = classOf.get(character)! > 0 ? log(odds[row + classOf.get(character)!]!) : -Infinity;
    if (best !== 0 && best !== previous) {
      const character = models.alphabet[best - 1] ?? '';
      text += character;
      for (let i = 0; i < character.length; i++) chances.push(odds[row + best]!);
    }
    previous = best;
  }
  return { text, chances, steps, bestLog, blankLog, characterLogs };
}
