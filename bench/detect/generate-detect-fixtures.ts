// npx tsx bench/detect/generate-detect-fixtures.ts
// Writes fixtures/detect: small synthetic photos with card boxes and card-free photos, plus manifest.json.
// Deterministic: the same seeds give the same pixels, so regenerating leaves git clean.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { renderScene, type SceneKind } from './fixture-scene.ts';

const folder = fileURLToPath(new URL('../../fixtures/detect/', import.meta.url));
const SIZES: Array<[number, number]> = [
  [360, 480],
  [480, 360],
  [310, 430],
  [360, 480],
];
const PLAN: Array<[SceneKind, number]> = [
  ['card', 18],
  ['small-card', 3],
  ['dim-card', 3],
  ['cut-off-card', 2],
  ['two-cards', 3],
  ['card-unannotated', 2],
  ['table', 4],
  ['paper-sheet', 2],
  ['bright-strip', 1],
  ['lamp-glare', 1],
];

rmSync(join(folder, 'images'), { recursive: true, force: true });
mkdirSync(join(folder, 'images'), { recursive: true });
const entries: Array<{ file: string; card_present: boolean; boxes_xyxy: number[][] | null; kind: SceneKind }> = [];
let seed = 1;
for (const [kind, count] of PLAN) {
  for (let n = 0; n < count; n++, seed++) {
    const [width, height] = SIZES[seed % SIZES.length]!;
    const scene = renderScene(kind, width, height, seed * 7919);
    const file = `images/${String(seed).padStart(2, '0')}-${kind}.jpg`;
    await sharp(Buffer.from(scene.image.data), { raw: { width, height, channels: 4 } })
      .removeAlpha()
      .jpeg({ quality: 80 })
      .toFile(join(folder, file));
    entries.push({ file, card_present: scene.cardPresent, boxes_xyxy: scene.boxes?.map((b) => [b.x, b.y, b.x + b.w, b.y + b.h]) ?? null, kind });
  }
}
writeFileSync(join(folder, 'manifest.json'), `${JSON.stringify({ images: entries }, null, 1)}\n`);
const bytes = readdirSync(join(folder, 'images')).reduce((n, f) => n + statSync(join(folder, 'images', f)).size, 0);
console.log(`wrote ${entries.length} images (${(bytes / 1024).toFixed(0)} KB) and manifest.json to ${folder}`);
