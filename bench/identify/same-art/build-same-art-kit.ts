// `npm run kit:same-art -- --out <dir> --images <folder> [--images ...] [--missing base2-18 ...] [--twins]`
// Builds a kit of printings that share their artwork (Jungle's and Fossil's holo and non-holo
// printings of one picture), outside the repository: the images at the image host's paths, a
// catalogue made from the file names, phone-like photos of each same-art printing, and photos of
// printings left out of the catalogue whose artwork stays in (the honest answer is measured on
// those). With --twins, the printings told apart differ only in their set total: each Base Set
// card's picture is also listed, under its own number, in a made-up set of 130 cards (as Base Set 2
// reprinted Charizard 4/102 as 4/130); only Base Set cards are photographed, and only the printed
// "n/102" tells a card from its twin. Card images belong to their owners: the kit is never
// committed; this script is.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { renderPhoto } from '../../../fixtures/identify/render-photo.ts';
import { SeededRandom } from '../../../fixtures/identify/seeded-random.ts';
import { tcgdexAssetsBase } from '../../../server/catalog/asset-address.ts';
import { printingRowId } from '../../../server/catalog/import/import-catalog.ts';
import { frameCapture } from '../real-cards/frame-capture.ts';
import { imagesIn } from '../real-cards/images-in.ts';
import { kitFolderOutsideRepository, kitManifestName } from '../real-cards/real-card-kit.ts';
import type { SameArtKit, SameArtPhoto } from './same-art-kit.ts';

const usage = `Usage: npm run kit:same-art -- --out <dir> --images <folder> [--images ...] [--missing <cardId> ...]

  --out <dir>        where the kit is written (outside the repository)
  --images <folder>  official card images named <Name>[_...]_<setId>-<number>.<ext> (searched recursively)
  --missing <cardId> a printing left out of the catalogue while its artwork's other printing stays
                     (default base2-18 and base3-17: Jungle's non-holo Electrode, Fossil's non-holo Articuno)
  --photos <n>       photos of each same-art printing of the catalogue (default 4)
  --missing-photos <n>  photos of each missing printing (default 15)
  --twins            photograph Base Set cards against made-up twins of 130 and 110 cards instead (default
                     missing with it: base1-4, base1-58 and base1-99, Charizard, Pikachu, Grass Energy)
  --seed <n>         (default 1)`;

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    images: { type: 'string', multiple: true, default: [] },
    missing: { type: 'string', multiple: true },
    twins: { type: 'boolean', default: false },
    photos: { type: 'string', default: '4' },
    'missing-photos': { type: 'string', default: '15' },
    seed: { type: 'string', default: '1' },
  },
});
if (!values.out || values.images.length === 0) {
  console.error(usage);
  process.exit(2);
}
const out = kitFolderOutsideRepository(values.out);
const missingIds = values.missing ?? (values.twins ? ['base1-4', 'base1-58', 'base1-99'] : ['base2-18', 'base3-17']);

/**
 * The sets, with what TCGdex records of them. Their totals are the printed ones; the holo and
 * non-holo printings of one picture are numbered `holoCount` apart (Jungle 1-16 and 17-32, Fossil
 * 1-15 and 16-30). Base Set and the promos share no picture within themselves: they are there as
 * look-alike neighbours of the same era.
 */
/**
 * The made-up sets of --twins: Base Set's pictures under the same numbers, in sets of other sizes
 * (as basic Energy cards are printed in set after set). The first is each card's twin; the second
 * keeps two printings of the picture in the catalogue when a Base Set card is left out.
 */
const twinSets = [
  { id: 'base1twin', name: 'Base Set twins (made up)', total: 130, holoCount: 0 },
  { id: 'base1twin2', name: 'Base Set second twins (made up)', total: 110, holoCount: 0 },
];
const twinSet = twinSets[0]!.id;
const isTwinSet = (setId: string) => twinSets.some((set) => set.id === setId);
const sets = [
  { id: 'base1', name: 'Base Set', total: 102, holoCount: 0 },
  { id: 'base2', name: 'Jungle', total: 64, holoCount: 16 },
  { id: 'base3', name: 'Fossil', total: 62, holoCount: 15 },
  { id: 'basep', name: 'Wizards Black Star Promos', total: 53, holoCount: 0 },
  ...(values.twins ? twinSets : []),
];

interface KitCard {
  id: string;
  localId: string;
  language: 'en';
  name: string;
  setId: string;
  image: string;
  variants: { normal: boolean; holo: boolean };
}

const files = new Map<string, { card: KitCard; file: string }>();
for (const folder of values.images) {
  for (const file of imagesIn(folder)) {
    const match = /^(.+?)_(?:.*_)?([a-z0-9]+)-(\d+)$/.exec(basename(file, extname(file)));
    const set = match && sets.find((candidate) => candidate.id === match[2]);
    if (!match || !set) continue;
    const number = Number(match[3]);
    const holo = number <= set.holoCount;
    const id = `${set.id}-${number}`;
    files.set(id, {
      file,
      card: { id, localId: String(number), language: 'en', name: match[1]!, setId: set.id, image: `${tcgdexAssetsBase}/en/base/${set.id}/${number}`, variants: { normal: !holo, holo } },
    });
  }
}
if (values.twins) {
  for (const { card, file } of [...files.values()].filter((entry) => entry.card.setId === 'base1')) {
    for (const { id: setId } of twinSets) {
      const id = `${setId}-${card.localId}`;
      files.set(id, { file, card: { ...card, id, setId, image: `${tcgdexAssetsBase}/en/base/${setId}/${card.localId}` } });
    }
  }
}
/** The other printing of a card's picture, by the set's numbering. */
const twinOf = (card: KitCard): string | undefined => {
  if (values.twins) return card.setId === 'base1' ? `${twinSet}-${card.localId}` : card.setId === twinSet ? `base1-${card.localId}` : undefined;
  const set = sets.find((candidate) => candidate.id === card.setId)!;
  const number = Number(card.localId);
  if (number <= set.holoCount) return `${set.id}-${number + set.holoCount}`;
  if (number <= 2 * set.holoCount) return `${set.id}-${number - set.holoCount}`;
  return undefined;
};
// Made-up twins are in the catalogue only: no card of theirs was ever printed to photograph.
const pairs = [...files.values()].filter(({ card }) => {
  const twin = twinOf(card);
  return twin !== undefined && files.has(twin) && !isTwinSet(card.setId);
});
for (const missing of missingIds) {
  const entry = files.get(missing);
  if (!entry || !pairs.includes(entry)) throw new Error(`--missing ${missing}: no image of it and of its same-art twin in the --images folders`);
}

const catalogCards = [...files.values()].filter(({ card }) => !missingIds.includes(card.id));
const printings: SameArtKit['printings'] = [];
for (const { card, file } of catalogCards) {
  const target = join(out, 'images', card.image.slice(tcgdexAssetsBase.length + 1), `high${extname(file).toLowerCase().replace('.jpeg', '.jpg')}`);
  mkdirSync(join(target, '..'), { recursive: true });
  copyFileSync(file, target);
  printings.push({ printingId: printingRowId(card, card.variants.holo ? 'holo' : 'normal'), imageFile: target });
}
const catalogSets = sets.map((set) => ({ id: set.id, language: 'en', name: set.name, serie: { id: 'base', name: 'Base' }, cardCount: { official: set.total, total: set.total } }));
writeFileSync(join(out, 'catalog.json'), JSON.stringify({ sets: catalogSets, cards: catalogCards.map(({ card }) => card) }));

const random = new SeededRandom(Number(values.seed));
const photos: SameArtPhoto[] = [];
mkdirSync(join(out, 'photos'), { recursive: true });
const idOf = (card: KitCard) => printingRowId(card, card.variants.holo ? 'holo' : 'normal');
const render = async (file: string, name: string, photo: Pick<SameArtPhoto, 'kind' | 'printingId' | 'missingPrinting' | 'sameArtAs'>) => {
  const rendered = await renderPhoto(readFileSync(file), { seed: random.int(1, 2 ** 30), hard: true });
  const whole = join(out, 'photos', `${name}.jpg`);
  const frame = join(out, 'photos', `${name}-frame.jpg`);
  writeFileSync(whole, rendered.jpeg);
  writeFileSync(frame, await frameCapture(rendered.jpeg, rendered.corners));
  photos.push({ ...photo, whole, frame, conditions: rendered.conditions, corners: rendered.corners });
};
/** The catalogue's other printings of a card's picture. */
const sameArtOf = (card: KitCard, twin: KitCard, twinInCatalog: boolean): string[] => [
  ...(twinInCatalog ? [idOf(twin)] : []),
  ...(values.twins ? twinSets.slice(1).map((set) => idOf(files.get(`${set.id}-${card.localId}`)!.card)) : []),
];
for (const { card, file } of pairs) {
  const twin = files.get(twinOf(card)!)!.card;
  const twinInCatalog = !missingIds.includes(twin.id);
  if (missingIds.includes(card.id)) {
    for (let i = 0; i < Number(values['missing-photos']); i++) {
      await render(file, `missing-${card.id}-${i + 1}`, { kind: 'missing', printingId: null, missingPrinting: idOf(card), sameArtAs: sameArtOf(card, twin, twinInCatalog) });
    }
    continue;
  }
  for (let i = 0; i < Number(values.photos); i++) {
    await render(file, `same-art-${card.id}-${i + 1}`, { kind: 'same-art', printingId: idOf(card), sameArtAs: sameArtOf(card, twin, twinInCatalog) });
  }
}
const manifest: SameArtKit = { catalogFile: join(out, 'catalog.json'), imagesDir: join(out, 'images'), printings, photos };
writeFileSync(join(out, kitManifestName), JSON.stringify(manifest, null, 1));
const count = (kind: SameArtPhoto['kind']) => photos.filter((photo) => photo.kind === kind).length;
console.error(`Kit written to ${out}: ${printings.length} printings (${pairs.length - missingIds.length} in same-art pairs), ${count('same-art')} photos of same-art printings, ${count('missing')} of missing ones (each also as a frame capture)`);
