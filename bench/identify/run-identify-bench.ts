// `npm run bench:identify [-- --cards 600 --reprints 100 --translations 100 --photos 200 --outside 60 --sizes 1000,10000,50000 --baseline]`
// `npm run bench:identify -- --real <kit> [--real-only]` adds rows on a real-card kit (`npm run kit:real-cards`).
// `--real-photos <folder>` (with --real) adds rows on real photos nobody labelled, against the kit's catalogue.
// `--without <part>` (repeatable) turns a part of the pipeline off, to measure what it earns (server/vision/pipeline/pipeline-parts.ts).
// `--answers <file>` writes every photo's top answer and score, to compare two runs photo by photo.
// `--same-art <kit>` (`npm run kit:same-art`) runs only the rows of printings that share their picture, left-out printings among them.
// `--pages <page kit>` (`npm run kit:pages`) runs only the binder page and pile rows: on this thread, then on the real server with /health probed.
// `--set <group>.<name>=<value>` (repeatable) changes an identification setting (server/vision/identify-settings.ts) for every row.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { generateTestCatalog, generateTestPhotos, type TestPhoto } from '../../fixtures/identify/generate-test-catalog.ts';
import sharp from 'sharp';
import { cardHeight, cardWidth } from '../../server/vision/geometry/card-regions.ts';
import type { RasterImage } from '../../server/vision/image/raster-image.ts';
import { fingerprintCardImage } from '../../server/vision/describe/fingerprint-card-image.ts';
import { loadCardCornersModel } from '../../server/vision/locate/card-corners-model.ts';
import { loadCardDetector } from '../../server/vision/locate/card-detector.ts';
import { shownCandidates } from '../../server/vision/answer/shown-candidates.ts';
import { createIdentifyService } from '../../server/vision/serve/identify-service.ts';
import type { RankedPrinting } from '../../server/vision/answer/artwork-scores.ts';
import { isPipelinePart, pipelineParts, type PipelinePart } from '../../server/vision/pipeline/pipeline-parts.ts';
import { loadOpenCv } from '../../server/vision/image/opencv.ts';
import { percentile } from '../engine/stats.ts';
import { timeDatabaseReads } from './database-reads.ts';
import { distractorFingerprints } from './distractor-fingerprints.ts';
import { memoryFingerprintRepository, type MemoryEntry } from './memory-fingerprint-repository.ts';
import { realCardRows } from './real-cards/real-card-rows.ts';
import { answerLog } from './answer-log.ts';
import { pageBoxRows, pageRows, pageServerTimes } from './pages/page-rows.ts';
import { unlabelledPhotoRows } from './real-cards/unlabelled-photo-rows.ts';
import { sameArtRows } from './same-art/same-art-rows.ts';
import { settingsFromOptions } from './settings-option.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({
  options: {
    cards: { type: 'string', default: '600' },
    reprints: { type: 'string', default: '100' },
    // Cards also printed in French, as every card of the real catalogue is.
    translations: { type: 'string', default: '100' },
    photos: { type: 'string', default: '200' },
    outside: { type: 'string', default: '60' },
    sizes: { type: 'string', default: '1000,10000,50000' },
    // Also run the smallest size with hashes alone (without the fine comparison), to show what the pixel comparisons add.
    baseline: { type: 'boolean', default: false },
    // A real-card kit: its photos, whole and as frame captures, reported beside the generated rows.
    real: { type: 'string' },
    'real-only': { type: 'boolean', default: false },
    // Real photos without labels (mostly cards outside the kit's catalogue): each answer is listed to be checked.
    'real-photos': { type: 'string' },
    // A same-art kit (`npm run kit:same-art`): printings told apart from their same-art twins, missing printings answered honestly. Only these rows run.
    'same-art': { type: 'string' },
    // Parts of the pipeline turned off, for every row.
    without: { type: 'string', multiple: true, default: [] },
    // Every photo's top answer and score, one JSON line each, to compare two runs photo by photo.
    answers: { type: 'string' },
    // A page kit: photos of binder pages and piles, identified as /v1/vision/identify-page does.
    pages: { type: 'string' },
    // How long pages are sent to the real server while /health is probed.
    'page-seconds': { type: 'string', default: '20' },
    // Where pages are measured: on this thread (cards found, right, wrong), on the real server (time per page, /health), and `boxes`: the page route's boxes alone, nothing identified.
    'pages-on': { type: 'string', default: 'thread,server' },
    // Another card detector (ONNX) instead of the shipped one, for every row run on this thread.
    detector: { type: 'string' },
    // Identification settings changed for every row, as <group>.<name>=<value>.
    set: { type: 'string', multiple: true, default: [] },
  },
});
const cards = Number(values.cards);
const reprints = Number(values.reprints);
const translations = Number(values.translations);
const sizes = values.sizes!.split(',').map(Number);

const settings = settingsFromOptions(values.set!);

const pct = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`);

await loadOpenCv();
const detectCards = await loadCardDetector(values.detector);
const without: PipelinePart[] = values.without!.map((part) => {
  if (!isPipelinePart(part)) throw new Error(`--without takes one of ${Object.keys(pipelineParts).join(', ')}, not ${part}`);
  return part;
});
if (without.length > 0) console.error(`Without ${without.map((part) => `${part} (${pipelineParts[part]})`).join('; ')}`);
const findCorners = await loadCardCornersModel(settings.locate);
const answers = answerLog(values.answers);
if (values.pages) {
  const log = (line: string) => console.error(line);
  const on = new Set(values['pages-on']!.split(','));
  const boxes = on.has('boxes') ? await pageBoxRows(values.pages, { detectCards, findCorners, without, settings }, log) : [];
  if (boxes.length > 0) console.table(boxes);
  const rows = on.has('thread') ? await pageRows(values.pages, sizes[0]!, { detectCards, findCorners, without, settings }, log) : [];
  if (rows.length > 0) console.table(rows);
  // The server runs its own settings with every part: ablations are measured on this thread only.
  const server = on.has('server') && without.length === 0 && values.set!.length === 0 ? await pageServerTimes(values.pages, Number(values['page-seconds']), log) : null;
  if (server) {
    console.table(server.rows);
    console.log(`/health while pages are identified: p50 ${server.health.p50ms} ms, p99 ${server.health.p99ms} ms, ${JSON.stringify(server.health.byStatus)}`);
  }
  mkdirSync(join(root, 'bench/out'), { recursive: true });
  writeFileSync(join(root, 'bench/out/identify-pages.json'), JSON.stringify({ date: new Date().toISOString(), without, boxes, rows, server }, null, 2));
  console.error('Written to bench/out/identify-pages.json');
  process.exit(0);
}
if (values['same-art']) {
  const rows = await sameArtRows(values['same-art'], sizes, { detectCards, findCorners, without, settings }, (line) => console.error(line));
  console.table(rows);
  mkdirSync(join(root, 'bench/out'), { recursive: true });
  writeFileSync(join(root, 'bench/out/identify-same-art.json'), JSON.stringify({ date: new Date().toISOString(), without, rows }, null, 2));
  console.error('Written to bench/out/identify-same-art.json');
  process.exit(0);
}
const realRows = values.real ? await realCardRows(values.real, sizes, { detectCards, findCorners, without, settings }, (line) => console.error(line), answers) : [];
if (realRows.length > 0) console.table(realRows);
if (values['real-photos'] && !values.real) throw new Error('--real-photos needs --real <kit>: its catalogue is what the photos are identified against');
const unlabelledRows = values['real-photos'] ? await unlabelledPhotoRows(values.real!, values['real-photos'], sizes, { detectCards, findCorners, without, settings }, (line) => console.error(line)) : [];
if (unlabelledRows.length > 0) console.table(unlabelledRows);
if (values['real-only']) {
  mkdirSync(join(root, 'bench/out'), { recursive: true });
  writeFileSync(join(root, 'bench/out/identify.json'), JSON.stringify({ date: new Date().toISOString(), realRows, unlabelledRows }, null, 2));
  console.error('Written to bench/out/identify.json');
  process.exit(0);
}

console.error(`Generating ${cards} cards, ${reprints} reprints, ${translations} in French and photos (cached in fixtures/identify/out/bench)...`);
const catalog = await generateTestCatalog(join(root, 'fixtures/identify/out/bench'), { seed: 7, sets: 12, cards, reprints, outside: Number(values.outside), translations });
const photos = await generateTestPhotos(catalog, { seed: 11, inCatalog: Number(values.photos), outside: Number(values.outside), hard: true });
const reprinted = new Set(catalog.printings.filter((p) => p.sameArtAs !== null && p.language === 'en').map((p) => p.printingId));
const french = catalog.printings.filter((p) => p.language === 'fr');
/** Printings whose card is also in the catalogue in the other language. */
const bilingual = new Set(french.flatMap((p) => [p.printingId, p.sameArtAs!]));
// Photos of reprints are added on purpose: the cycling above reaches reprints only with many photos.
const reprintPhotos = await generateTestPhotos(
  { ...catalog, printings: catalog.printings.filter((p) => reprinted.has(p.printingId)) },
  { seed: 13, inCatalog: Math.min(100, reprinted.size), outside: 0, hard: true, folder: 'photos-reprints' },
);
// Photos of French printings too: the cycling above reaches only English ones.
const frenchPhotos = await generateTestPhotos(
  { ...catalog, printings: french },
  { seed: 17, inCatalog: Math.min(100, french.length), outside: 0, hard: true, folder: 'photos-french' },
);
const allPhotos: TestPhoto[] = [...photos, ...reprintPhotos, ...frenchPhotos];

console.error('Fingerprinting the catalogue images...');
const real: MemoryEntry[] = [];
for (const printing of catalog.printings) {
  const fingerprint = await fingerprintCardImage(readFileSync(printing.imageFile));
  real.push({
    fingerprint,
    printing: {
      printingId: printing.printingId,
      cardId: `${printing.setId}-${printing.localId}`,
      cardName: printing.cardName,
      setName: printing.setId,
      setCode: printing.setId,
      number: printing.localId,
      setTotal: null,
      variant: 'normal',
      language: printing.language,
      image: `https://assets.tcgdex.net/${printing.language}/gen/${printing.setId}/${printing.localId}`,
    },
  });
}
// The catalogue's images as the index sees them, for building distractor printings in the same layout.
const cardRasters: RasterImage[] = [];
for (const printing of catalog.printings) {
  const { data } = await sharp(readFileSync(printing.imageFile)).flatten({ background: '#ffffff' }).resize(cardWidth, cardHeight, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  cardRasters.push({ width: cardWidth, height: cardHeight, channels: 3, data: new Uint8Array(data) });
}
const photoBytes = allPhotos.map((photo) => readFileSync(photo.file));

interface Run {
  size: number;
  mode: string;
  top1: string;
  top5: string;
  sameArt: string;
  language: string;
  outsideNoMatch: string;
  p50ms: number;
  p99ms: number;
  photos: number;
}

interface Sample {
  top: RankedPrinting | undefined;
  correct: boolean;
  /** The top candidate shows the photo's artwork: the printing itself or one sharing its image. */
  sameArt: boolean;
  outside: boolean;
}

const artOf = new Map(catalog.printings.map((p) => [p.printingId, p.sameArtAs ?? p.printingId]));
const sameArtAs = (a: string | undefined, b: string) => a !== undefined && (a === b || artOf.get(a) === artOf.get(b) || artOf.get(a) === b || artOf.get(b) === a);

async function run(size: number, hashOnly: boolean): Promise<{ run: Run; samples: Sample[] }> {
  const parts: PipelinePart[] = hashOnly ? [...without, 'fine-comparison'] : without;
  const extra = distractorFingerprints(cardRasters, Math.max(0, size - real.length), size);
  const entries: MemoryEntry[] = [
    ...real,
    ...extra.map((fingerprint, i) => ({
      fingerprint,
      printing: { ...real[0]!.printing, printingId: `distractor-${i}`, cardId: `distractor-${i}`, image: `distractor-${i}` },
    })),
  ];
  const service = createIdentifyService(memoryFingerprintRepository(entries), { assetsBaseUrl: 'https://assets.tcgdex.net', without: parts, detectCards, findCorners, settings });
  await service.reload();
  const times: number[] = [];
  let inCatalog = 0;
  let top1 = 0;
  let top5 = 0;
  let sameArt = 0;
  let sameArtTotal = 0;
  let language = 0;
  let languageTotal = 0;
  let outside = 0;
  let outsideNoMatch = 0;
  const samples: Sample[] = [];
  for (const [i, photo] of allPhotos.entries()) {
    const started = performance.now();
    const ranked = await service.rank(photoBytes[i]!);
    times.push(performance.now() - started);
    answers.record(`generated ${entries.length}${hashOnly ? ' hashes' : ''}`, photo.file.slice(root.length), ranked);
    const shown = shownCandidates(ranked, settings.answer);
    if (photo.printingId === null) {
      outside += 1;
      if (shown.length === 0) outsideNoMatch += 1;
      samples.push({ top: ranked[0], correct: false, sameArt: false, outside: true });
      continue;
    }
    inCatalog += 1;
    const hit = shown[0]?.printingId === photo.printingId;
    if (hit) top1 += 1;
    if (shown.slice(0, 5).some((candidate) => candidate.printingId === photo.printingId)) top5 += 1;
    if (reprinted.has(photo.printingId)) {
      sameArtTotal += 1;
      if (hit) sameArt += 1;
    }
    if (bilingual.has(photo.printingId)) {
      languageTotal += 1;
      if (hit) language += 1;
    }
    samples.push({ top: ranked[0], correct: ranked[0]?.printingId === photo.printingId, sameArt: sameArtAs(ranked[0]?.printingId, photo.printingId), outside: false });
  }
  return {
    run: {
      size: entries.length,
      mode: hashOnly ? 'hashes only' : 'hashes + re-rank',
      top1: pct(top1, inCatalog),
      top5: pct(top5, inCatalog),
      sameArt: `${pct(sameArt, sameArtTotal)} of ${sameArtTotal}`,
      language: `${pct(language, languageTotal)} of ${languageTotal}`,
      outsideNoMatch: `${pct(outsideNoMatch, outside)} of ${outside}`,
      p50ms: Math.round(percentile(times, 50)),
      p99ms: Math.round(percentile(times, 99)),
      photos: allPhotos.length,
    },
    samples,
  };
}

const runs: Run[] = [];
/** What the score is fitted on (`npm run bench:identify:fit`): each photo's best candidate, and whether it shows the photo's artwork. */
const calibration: Array<{ size: number; similarity: number; lead: number; match: boolean }> = [];
for (const size of sizes) {
  console.error(`Identifying ${allPhotos.length} photos against ${size} printings...`);
  const { run: result, samples } = await run(size, false);
  runs.push(result);
  for (const sample of samples) {
    if (sample.top) calibration.push({ size, similarity: sample.top.similarity, lead: sample.top.lead, match: sample.sameArt });
  }
  console.error(JSON.stringify(result));
  if (size === sizes[0]) {
    const spread = (filter: (s: (typeof samples)[number]) => boolean, value: (top: RankedPrinting | undefined) => number) => {
      const list = samples.filter(filter).map((s) => value(s.top));
      return list.length ? [5, 25, 50, 75, 95].map((p) => percentile(list, p).toFixed(3)).join(' / ') : '-';
    };
    for (const [name, value] of [
      ['similarity', (top: RankedPrinting | undefined) => top?.similarity ?? 0],
      ['lead', (top: RankedPrinting | undefined) => top?.lead ?? 0],
    ] as const) {
      console.error(
        `top ${name} p5/p25/p50/p75/p95: right ${spread((s) => !s.outside && s.correct, value)} | wrong ${spread((s) => !s.outside && !s.correct, value)} | outside ${spread((s) => s.outside, value)}`,
      );
    }
  }
}
if (values.baseline) {
  console.error('Without the re-ranking, at the smallest size...');
  const { run: result } = await run(sizes[0]!, true);
  runs.push(result);
}
console.table(runs);
if (realRows.length > 0) console.table(realRows);
if (unlabelledRows.length > 0) console.table(unlabelledRows);
console.error('Reading finalists from the embedded database...');
const databaseReads = await timeDatabaseReads(catalog);
console.error(
  `The app reads each look's finalists from its database: ${databaseReads.finalists} of ${databaseReads.printings} printings in ${databaseReads.medianMs} ms (median; p90 ${databaseReads.p90Ms} ms) on PGlite`,
);
mkdirSync(join(root, 'bench/out'), { recursive: true });
writeFileSync(join(root, 'bench/out/identify.json'), JSON.stringify({ date: new Date().toISOString(), runs, realRows, unlabelledRows, databaseReads, calibration }, null, 2));
console.error('Written to bench/out/identify.json');
