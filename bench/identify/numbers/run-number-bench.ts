// `npm run bench:numbers -- --kit <kit> [--kit <kit> ...] [--set numbers.<name>=<value>]`: the collector number read off
// every photo of real-card or same-art kits (`npm run kit:real-cards`, `npm run kit:same-art`),
// through the card's own corners as the kit recorded them, against the number its printing carries.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { Quad } from '../../../server/vision/geometry/card-quad.ts';
import { loadOpenCv } from '../../../server/vision/image/opencv.ts';
import { numberFits } from '../../../server/vision/read-number/collector-number.ts';
import { printingFit } from '../../../server/vision/read-number/number-fit.ts';
import { loadTextModels } from '../../../server/vision/read-number/ocr-models.ts';
import { readCollectorNumber } from '../../../server/vision/read-number/read-collector-number.ts';
import { percentile } from '../../engine/stats.ts';
import { readKit, type KitPhoto } from '../real-cards/real-card-kit.ts';
import { settingsFromOptions } from '../settings-option.ts';

const { values } = parseArgs({ options: { kit: { type: 'string', multiple: true }, set: { type: 'string', multiple: true, default: [] } } });
const settings = settingsFromOptions(values.set);
if (!values.kit?.length) {
  console.error('Usage: npm run bench:numbers -- --kit <kit folder> [--kit <kit folder> ...]');
  process.exit(2);
}

interface Row {
  set: string;
  photos: number;
  /** A number that fits the photographed printing was read. */
  right: string;
  /** Numbers were read, none fits it: with the set total (what can say a printing is missing), without. */
  wrongWithTotal: string;
  wrongAlone: string;
  /** Nothing was read. */
  unread: string;
  /** Fitting the printing's own number to the lines read: it fits (numbers.fitFloor) and beats its rivals by numbers.fitMargin; a rival does so instead. */
  fitsOverRivals: string;
  rivalFitsOver: string;
  p50ms: number;
  p90ms: number;
}

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
const cv = await loadOpenCv();
const models = await loadTextModels();
const tally = new Map<string, { right: number; wrongWithTotal: number; wrongAlone: number; unread: number; ms: number[]; misses: string[]; fits: Array<{ fit: number; rival: number }> }>();
for (const dir of values.kit) {
  const kit = readKit(dir);
  const catalog = JSON.parse(readFileSync(kit.catalogFile, 'utf8')) as {
    sets: Array<{ id: string; cardCount?: { official: number | null } }>;
    cards: Array<{ id: string; localId: string; setId: string }>;
  };
  const totals = new Map(catalog.sets.map((set) => [set.id, set.cardCount?.official ?? null]));
  const cards = new Map(catalog.cards.map((card) => [card.id, card]));
  for (const photo of kit.photos as Array<KitPhoto & { missingPrinting?: string }>) {
    const printingId = photo.printingId ?? photo.missingPrinting;
    if (!printingId) continue;
    const [, cardId] = /^[a-z]+-(.+)-[a-zA-Z]+$/.exec(printingId)!;
    const [, setId, localId] = /^(.+)-([^-]+)$/.exec(cardId!)!;
    const truth = { number: cards.get(cardId!)?.localId ?? localId!, setTotal: totals.get(setId!) ?? null };
    const started = performance.now();
    const reading = await readCollectorNumber(cv, models, new Uint8Array(readFileSync(photo.whole)), photo.corners as Quad, 1, settings.numbers);
    const entry = tally.get(setId!) ?? { right: 0, wrongWithTotal: 0, wrongAlone: 0, unread: 0, ms: [], misses: [], fits: [] };
    entry.ms.push(performance.now() - started);
    // Fitting: the printed number against twins under the same number in sets of other sizes, and against the next number.
    const fit = printingFit(reading.lines, truth);
    const rivals = [
      ...[102, 110, 130].filter((total) => total !== truth.setTotal).map((setTotal) => ({ number: truth.number, setTotal })),
      { number: String(Number(truth.number) + 1).padStart(truth.number.length, '0'), setTotal: truth.setTotal },
    ];
    entry.fits.push({ fit, rival: Math.max(...rivals.map((rival) => printingFit(reading.lines, rival))) });
    if (reading.numbers.length === 0) {
      entry.unread++;
      if (process.env.SHOW_UNREAD) console.error(`unread ${photo.whole} ${JSON.stringify(reading.lines.map((line) => line.text))}`);
    }
    else if (reading.numbers.some((read) => numberFits(read, truth))) entry.right++;
    else {
      if (reading.numbers.some((read) => read.total !== undefined)) entry.wrongWithTotal++;
      else entry.wrongAlone++;
      entry.misses.push(`${photo.whole}: ${truth.number}/${truth.setTotal} read ${JSON.stringify(reading.numbers)} from ${JSON.stringify(reading.lines.map((line) => line.text))}`);
    }
    tally.set(setId!, entry);
  }
}
const rows: Row[] = [...tally].map(([set, entry]) => {
  const photos = entry.right + entry.wrongWithTotal + entry.wrongAlone + entry.unread;
  return {
    set,
    photos,
    right: pct(entry.right, photos),
    wrongWithTotal: pct(entry.wrongWithTotal, photos),
    wrongAlone: pct(entry.wrongAlone, photos),
    unread: pct(entry.unread, photos),
    fitsOverRivals: pct(entry.fits.filter(({ fit, rival }) => fit >= -settings.numbers.fitFloor.value && fit - rival >= settings.numbers.fitMargin.value).length, photos),
    rivalFitsOver: pct(entry.fits.filter(({ fit, rival }) => rival >= -settings.numbers.fitFloor.value && rival - fit >= settings.numbers.fitMargin.value).length, photos),
    p50ms: Math.round(percentile(entry.ms, 50)),
    p90ms: Math.round(percentile(entry.ms, 90)),
  };
});
console.table(rows);
for (const [set, entry] of tally) for (const miss of entry.misses.slice(0, 5)) console.error(`${set} ${miss}`);
const out = join(fileURLToPath(new URL('../../../', import.meta.url)), 'bench/out');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'numbers.json'), JSON.stringify({ date: new Date().toISOString(), settings: settings.numbers, rows, fits: Object.fromEntries([...tally].map(([set, entry]) => [set, entry.fits])) }, null, 2));
console.error('Written to bench/out/numbers.json');
