// npx tsx training/corners/render-photos.ts --out <dir> --count <n> [--seed <n>] [--exclude <kit.json>] <card image folder>...
// Phone-like photos (the project's own photo generator, hard mode) of card images outside the
// catalogue and of generated cards, with the card's four corners, to train the corner model on.
// Images a kit already photographed (--exclude) are left out so the kit stays unseen.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { designCard, designSet } from '../../fixtures/identify/card-design.ts';
import { renderCardPng } from '../../fixtures/identify/render-card.ts';
import { renderPhoto } from '../../fixtures/identify/render-photo.ts';
import { SeededRandom } from '../../fixtures/identify/seeded-random.ts';
import { imagesIn } from '../../bench/identify/real-cards/images-in.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    count: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '11' },
    exclude: { type: 'string' },
    generated: { type: 'string', default: '0.3' },
  },
});
if (!values.out) throw new Error('--out is required');

/** The kit's outside photos: photo i shows outside file floor(i * files / photos), named `<folder index>-<path with dashes>`. */
function kitOutsideImages(kitFile: string): Set<string> {
  const kit = JSON.parse(readFileSync(kitFile, 'utf8')) as { photos: Array<{ printingId: string | null }> };
  const photos = kit.photos.filter((photo) => photo.printingId === null).length;
  const files = positionals.flatMap((folder, s) => imagesIn(folder).map((file) => ({ file, name: `${s}-${relative(folder, file).replaceAll('/', '-')}` })));
  const used = new Set<string>();
  for (let i = 0; i < photos; i++) used.add(files[Math.floor((i * files.length) / photos)]!.file);
  return used;
}

const excluded = values.exclude ? kitOutsideImages(values.exclude) : new Set<string>();
const images = positionals.flatMap((folder) => imagesIn(folder)).filter((file) => !excluded.has(file));
console.error(`${images.length} card images (${excluded.size} left out: photographed in the kit)`);
const random = new SeededRandom(Number(values.seed));
const sets = Array.from({ length: 6 }, (_, index) => designSet(random, index));
mkdirSync(values.out, { recursive: true });
const labels: Array<{ file: string; corners: Array<{ x: number; y: number }>; source: string }> = [];
const count = Number(values.count);
for (let i = 0; i < count; i++) {
  const generated = images.length === 0 || random.chance(Number(values.generated));
  const source = generated ? 'generated' : images[random.int(0, images.length - 1)]!;
  const png = generated ? await renderCardPng(designCard(random), random.pick(sets), String(random.int(1, 99)).padStart(3, '0')) : readFileSync(source);
  const photo = await renderPhoto(png, { seed: random.int(1, 2 ** 30), hard: random.chance(0.8) });
  const file = `photo-${String(i).padStart(5, '0')}.jpg`;
  writeFileSync(join(values.out, file), photo.jpeg);
  labels.push({ file, corners: photo.corners, source: generated ? 'generated' : basename(source) });
  if ((i + 1) % 100 === 0) console.error(`${i + 1}/${count}`);
}
writeFileSync(join(values.out, 'labels.json'), JSON.stringify(labels));
