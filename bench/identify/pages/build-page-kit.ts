// `npm run kit:pages -- --kit <real-card-kit> --out <dir> [--pages 40] [--seed 1]`
// Builds photos of binder pages (2x2, 3x3 and 3x4 pocket sheets) and of loose cards on a table from
// a real-card kit's card images, with a few of the kit's cards outside the catalogue among them.
// Card images belong to their owners: the kit is written outside the repository, never committed.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pageKinds, renderPage, type PageKind } from '../../../fixtures/identify/render-page.ts';
import { SeededRandom } from '../../../fixtures/identify/seeded-random.ts';
import { kitFolderOutsideRepository, readKit } from '../real-cards/real-card-kit.ts';
import { pageKitManifestName, type PageKit, type PageKitCard } from './page-kit.ts';

const usage = `Usage: npm run kit:pages -- --kit <real-card-kit> --out <dir> [--pages <n>] [--seed <n>]
  --kit <dir>     a real-card kit (npm run kit:real-cards); REAL_CARD_KIT when not given
  --out <dir>     where the page kit is written (outside the repository)
  --pages <n>     photos of each kind: 2x2, 3x3 and 3x4 pages and piles of 3 to 8 cards (default 40)
  --seed <n>      (default 1)`;

const { values } = parseArgs({
  options: { kit: { type: 'string' }, out: { type: 'string' }, pages: { type: 'string', default: '40' }, seed: { type: 'string', default: '1' } },
});
const kitDir = values.kit ?? process.env.REAL_CARD_KIT;
if (!kitDir || !values.out) {
  console.error(usage);
  process.exit(2);
}
const out = kitFolderOutsideRepository(values.out);

const kit = readKit(kitDir);
const inCatalog = [...new Set(kit.printings.map((printing) => printing.imageFile))];
const outsideDir = join(kitDir, 'outside');
const outside = existsSync(outsideDir) ? readdirSync(outsideDir).map((name) => join(outsideDir, name)) : [];
const random = new SeededRandom(Number(values.seed));
const perKind = Number(values.pages);
mkdirSync(join(out, 'photos'), { recursive: true });

const pages: PageKit['pages'] = [];
for (const kind of Object.keys(pageKinds) as PageKind[]) {
  const grid = pageKinds[kind];
  for (let n = 0; n < perKind; n++) {
    const count = grid === null ? random.int(3, 8) : grid[0] * grid[1];
    // A pocket sheet leaves up to two pockets empty; one photo in four holds a card outside the catalogue.
    const empty = grid === null ? new Set<number>() : new Set(Array.from({ length: random.int(0, 2) }, () => random.int(0, count - 1)));
    const strangerAt = outside.length > 0 && random.chance(0.25) ? random.int(0, count - 1) : -1;
    const chosen: Array<Omit<PageKitCard, 'corners'> | null> = Array.from({ length: count }, (_, slot) => {
      if (empty.has(slot)) return null;
      if (slot === strangerAt) return { imageFile: random.pick(outside), inCatalog: false };
      return { imageFile: random.pick(inCatalog), inCatalog: true };
    });
    const rendered = await renderPage(chosen.map((card) => (card ? readFileSync(card.imageFile) : null)), kind, random.int(1, 1e9));
    const photo = join(out, 'photos', `${kind}-${String(n + 1).padStart(3, '0')}.jpg`);
    writeFileSync(photo, rendered.jpeg);
    const cards = chosen.flatMap((card, slot) => (card ? [{ ...card, corners: rendered.corners[slot]! }] : []));
    pages.push({ photo, kind, conditions: rendered.conditions, cards });
    process.stderr.write(`\r${pages.length} of ${perKind * Object.keys(pageKinds).length} photos`);
  }
}
const manifest: PageKit = { realCardKit: resolve(kitDir), pages };
writeFileSync(join(out, pageKitManifestName), JSON.stringify(manifest, null, 1));
console.error(`\nWrote ${pages.length} photos with ${pages.reduce((sum, page) => sum + page.cards.length, 0)} cards to ${out}`);
