import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, parse } from 'node:path';
import type { Box } from '../../engine/preprocess/letterbox-geometry.ts';
import type { Dataset, DatasetImage } from './dataset.ts';

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png']);

/** Reads the pixel size of an image without decoding it. */
export type ImageSizeReader = (path: string) => Promise<{ width: number; height: number }>;

/**
 * `images/NAME.jpg` with `labels/NAME.txt`: one `class cx cy w h` line per card, normalised to 0..1;
 * an empty file means no card. Every class counts as a card. Images without a label file are skipped.
 */
export async function readYoloDataset(root: string, sizeOf: ImageSizeReader): Promise<Dataset> {
  const images: DatasetImage[] = [];
  const skipped: Dataset['skipped'] = [];
  const files = readdirSync(join(root, 'images'))
    .filter((f) => IMAGE_EXTENSIONS.has(extname(f).toLowerCase()))
    .sort();
  for (const file of files) {
    const name = `images/${file}`;
    const labelPath = join(root, 'labels', `${parse(file).name}.txt`);
    if (!existsSync(labelPath)) {
      skipped.push({ name, reason: 'no label file' });
      continue;
    }
    const path = join(root, 'images', file);
    const lines = readFileSync(labelPath, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '');
    let boxes: Box[] = [];
    if (lines.length > 0) {
      const { width, height } = await sizeOf(path);
      boxes = lines.map((line, i) => parseLine(line, width, height, `${labelPath}:${i + 1}`));
    }
    images.push({ path, name, cardPresent: boxes.length > 0, boxes });
  }
  return { root, format: 'yolo', images, skipped };
}

function parseLine(line: string, width: number, height: number, where: string): Box {
  const parts = line.split(/\s+/).map(Number);
  if (parts.length < 5 || parts.some((v) => !Number.isFinite(v))) throw new Error(`${where}: expected "class cx cy w h", got "${line}"`);
  const [, cx, cy, w, h] = parts as [number, number, number, number, number];
  return { x: (cx - w / 2) * width, y: (cy - h / 2) * height, w: w * width, h: h * height };
}
