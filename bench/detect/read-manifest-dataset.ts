import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Box } from '../../engine/preprocess/letterbox-geometry.ts';
import type { Dataset, DatasetImage } from './dataset.ts';

interface ManifestEntry {
  file?: unknown;
  card_present?: unknown;
  boxes_xyxy?: unknown;
}

/** `manifest.json`: {"images": [{"file", "card_present", "boxes_xyxy": [[x1,y1,x2,y2], ...] | null}]}; other keys are ignored. */
export function readManifestDataset(root: string): Dataset {
  const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as { images?: unknown };
  if (!Array.isArray(manifest.images)) throw new Error(`${join(root, 'manifest.json')}: "images" must be an array`);
  const images: DatasetImage[] = [];
  const skipped: Dataset['skipped'] = [];
  manifest.images.forEach((raw: ManifestEntry, index) => {
    const where = `manifest.json images[${index}]`;
    if (typeof raw.file !== 'string' || raw.file === '') throw new Error(`${where}: "file" must be a non-empty string`);
    const boxes = raw.boxes_xyxy === null || raw.boxes_xyxy === undefined ? null : parseBoxes(raw.boxes_xyxy, where);
    const cardPresent = typeof raw.card_present === 'boolean' ? raw.card_present : boxes !== null ? boxes.length > 0 : null;
    if (cardPresent === null) throw new Error(`${where}: needs "card_present" or "boxes_xyxy"`);
    if (boxes !== null && cardPresent !== boxes.length > 0) throw new Error(`${where}: "card_present" is ${cardPresent} but it has ${boxes.length} boxes`);
    const path = join(root, raw.file);
    if (!existsSync(path)) {
      skipped.push({ name: raw.file, reason: 'file not found' });
      return;
    }
    images.push({ path, name: raw.file, cardPresent, boxes });
  });
  return { root, format: 'manifest', images, skipped };
}

function parseBoxes(value: unknown, where: string): Box[] {
  if (!Array.isArray(value)) throw new Error(`${where}: "boxes_xyxy" must be an array or null`);
  return value.map((box: unknown, i) => {
    if (!Array.isArray(box) || box.length !== 4 || !box.every((v) => typeof v === 'number' && Number.isFinite(v))) {
      throw new Error(`${where}: boxes_xyxy[${i}] must be [x1, y1, x2, y2] numbers`);
    }
    const [x1, y1, x2, y2] = box as [number, number, number, number];
    if (!(x2 > x1 && y2 > y1)) throw new Error(`${where}: boxes_xyxy[${i}] has no area`);
    return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
  });
}
