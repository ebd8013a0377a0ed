// `npm run kit:real-cards -- --out <dir> --set sv03.5=<folder> --outside <folder> [...]`
// Builds a development kit of real card images outside the repository: the images at the image
// host's paths, a catalogue of the cards they show, and phone-like photos of them and of cards
// outside the catalogue, each also as the app's frame capture. Card images belong to their owners:
// the kit is never committed; this script is.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { renderPhoto } from '../../../fixtures/identify/render-photo.ts';
import { SeededRandom } from '../../../fixtures/identify/seeded-random.ts';
import { tcgdexAssetsBase } from '../../../server/catalog/asset-address.ts';
import { printingRowId } from '../../../server/catalog/import/import-catalog.ts';
import { variantNames } from '../../../server/catalog/import/tcgdex-catalog.ts';
import { frameCapture } from './frame-capture.ts';
import { kitFolderOutsideRepository, kitManifestName, type KitManifest, type KitPhoto } from './real-card-kit.ts';
import { imagesIn } from './images-in.ts';

const usage = `Usage: npm run kit:real-cards -- --out <dir> --set <setId>=<folder> [--set ...] --outside <folder> [--outside ...]

  --out <dir>           where the kit is written (outside the repository)
  --set sv03.5=<folder> official images of one set, named with the collector number first
                        (001_Bulbasaur.png, 001.jpg); matched to the catalogue's English cards
  --outside <folder>    images of cards that are not in the catalogue (searched recursively)
  --catalog <file>      the catalogue the sets come from (default ../shared/catalog/tcgdex-demo.json)
  --photos <n>          photos of catalogue cards (default 300)
  --outside-photos <n>  photos of outside cards (default 60)
  --seed <n>            (default 1)`;

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    set: { type: 'string', multiple: true, default: [] },
    outside: { type: 'string', multiple: true, default: [] },
    catalog: { type: 'string', default: '../shared/catalog/tcgdex-demo.json' },
    photos: { type: 'string', default: '300' },
    'outside-photos': { type: 'string', default: '60' },
    seed: { type: 'string', default: '1' },
  },
});
if (!values.out || values.set.length === 0) {
  console.error(usage);
  process.exit(2);
}
const out = kitFolderOutsideRepository(values.out);


interface CatalogCard {
  id: string;
  localId: string;
  language: string;
  setId: string;
  image?: string;
  variants?: Record<string, boolean>;
}
const demo = JSON.parse(readFileSync(values.catalog, 'utf8')) as { sets: Array<{ id: string; language: string }>; cards: CatalogCard[] };

/** The leading collector number of a file name, as the catalogue writes it (001, 076). */
const numberOf = (file: string) => /^(\d+)/.exec(file.split('/').pop()!)?.[1];

const kitCards: CatalogCard[] = [];
const printingImages: Array<{ printingId: string; imageFile: string }> = [];
for (const entry of values.set) {
  const [setId, folder] = entry.split('=');
  if (!setId || !folder || !existsSync(folder)) throw new Error(`--set wants <setId>=<folder>, got '${entry}'`);
  const cards = new Map(demo.cards.filter((card) => card.setId === setId && card.language === 'en').map((card) => [Number(card.localId), card]));
  let matched = 0;
  for (const file of imagesIn(folder)) {
    const card = cards.get(Number(numberOf(file)));
    if (!card?.image) continue;
    const target = join(out, 'images', card.image.slice(tcgdexAssetsBase.length + 1), `high${extname(file).toLowerCase().replace('.jpeg', '.jpg')}`);
    mkdirSync(join(target, '..'), { recursive: true });
    copyFileSync(file, target);
    kitCards.push(card);
    for (const [variant, printed] of Object.entries(card.variants ?? { normal: true })) {
      if (printed && (variantNames as readonly string[]).includes(variant)) printingImages.push({ printingId: printingRowId(card, variant), imageFile: target });
    }
    matched += 1;
  }
  console.error(`${setId}: ${matched} images matched to the catalogue's ${cards.size} English cards`);
}
const sets = demo.sets.filter((set) => set.language === 'en' && kitCards.some((card) => card.setId === set.id));
writeFileSync(join(out, 'catalog.json'), JSON.stringify({ sets, cards: kitCards }));

const outsideFiles: string[] = [];
mkdirSync(join(out, 'outside'), { recursive: true });
for (const [s, folder] of values.outside.entries()) {
  for (const file of imagesIn(folder)) {
    const target = join(out, 'outside', `${s}-${relative(folder, file).replaceAll('/', '-')}`);
    copyFileSync(file, target);
    outsideFiles.push(target);
  }
}
console.error(`${outsideFiles.length} images of cards outside the catalogue`);

const random = new SeededRandom(Number(values.seed));
const photos: KitPhoto[] = [];
mkdirSync(join(out, 'photos'), { recursive: true });
const render = async (imageFile: string, printingId: string | null, name: string) => {
  const photo = await renderPhoto(readFileSync(imageFile), { seed: random.int(1, 2 ** 30), hard: true });
  const whole = join(out, 'photos', `${name}.jpg`);
  const frame = join(out, 'photos', `${name}-frame.jpg`);
  writeFileSync(whole, photo.jpeg);
  writeFileSync(frame, await frameCapture(photo.jpeg, photo.corners));
  photos.push({ whole, frame, printingId, conditions: photo.conditions, corners: photo.corners });
};
// One photo per card image in turn (the image's first printing stands for its variants).
const images = [...new Map(printingImages.map((entry) => [entry.imageFile, entry])).values()];
for (let i = 0; i < Number(values.photos); i++) {
  const { imageFile, printingId } = images[i % images.length]!;
  await render(imageFile, printingId, `in-${String(i + 1).padStart(4, '0')}`);
}
const outsidePhotos = Math.min(Number(values['outside-photos']), outsideFiles.length);
for (let i = 0; i < outsidePhotos; i++) {
  await render(outsideFiles[Math.floor((i * outsideFiles.length) / outsidePhotos)]!, null, `out-${String(i + 1).padStart(4, '0')}`);
}
const manifest: KitManifest = { catalogFile: join(out, 'catalog.json'), imagesDir: join(out, 'images'), printings: printingImages, photos };
writeFileSync(join(out, kitManifestName), JSON.stringify(manifest, null, 1));
console.error(`Kit written to ${out}: ${printingImages.length} printings, ${photos.length} photos (each also as a frame capture)`);
