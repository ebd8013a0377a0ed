import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { clientSettings } from '../../../src/lib/client-settings.ts';
import sharp from 'sharp';
import { shownCandidates } from '../../../server/vision/answer/shown-candidates.ts';
import type { IdentifySettings } from '../../../server/vision/identify-settings.ts';
import { cardHeight, cardWidth } from '../../../server/vision/geometry/card-regions.ts';
import { fingerprintCardImage } from '../../../server/vision/describe/fingerprint-card-image.ts';
import { answerLog, type AnswerLog } from '../answer-log.ts';
import { createIdentifyService, type IdentifyOptions } from '../../../server/vision/serve/identify-service.ts';
import type { RasterImage } from '../../../server/vision/image/raster-image.ts';
import { percentile } from '../../engine/stats.ts';
import { distractorFingerprints } from '../distractor-fingerprints.ts';
import { memoryFingerprintRepository, type MemoryEntry } from '../memory-fingerprint-repository.ts';
import { readKit, type KitManifest } from './real-card-kit.ts';

export interface RealCardRow {
  photos: 'whole' | 'frame';
  size: number;
  /** The right card first (its variants, printed from one image, cannot be told apart by a photo). */
  top1: string;
  top5: string;
  /** A catalogue card's photo answered first with another card. */
  wrongCard: string;
  /** Photos of cards outside the catalogue answered with no match / with a card. */
  outsideNoMatch: string;
  outsideWrong: string;
  /** Catalogue photos whose right top match scores at or over the scan session's auto-add score. */
  sureRight: string;
  /** Photos (outside cards too) whose top match scores that much and is not their card. */
  sureWrong: string;
  p50ms: number;
  p99ms: number;
}

interface CatalogCard {
  id: string;
  name: string;
  localId: string;
  setId: string;
  image: string;
}

const pct = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`);

export async function kitEntries(kit: KitManifest): Promise<{ entries: MemoryEntry[]; rasters: RasterImage[]; cardOf: Map<string, string> }> {
  const catalog = JSON.parse(readFileSync(kit.catalogFile, 'utf8')) as { sets: Array<{ id: string; name: string; cardCount?: { official: number | null } }>; cards: CatalogCard[] };
  const setNames = new Map(catalog.sets.map((set) => [set.id, set.name]));
  const setTotals = new Map(catalog.sets.map((set) => [set.id, set.cardCount?.official ?? null]));
  const cards = new Map(catalog.cards.map((card) => [card.id, card]));
  const entries: MemoryEntry[] = [];
  const rasters: RasterImage[] = [];
  const cardOf = new Map<string, string>();
  const fingerprints = new Map<string, Awaited<ReturnType<typeof fingerprintCardImage>>>();
  for (const { printingId, imageFile } of kit.printings) {
    const [, cardId, variant] = /^en-(.+)-([a-zA-Z]+)$/.exec(printingId)!;
    const card = cards.get(cardId!)!;
    cardOf.set(printingId, cardId!);
    if (!fingerprints.has(imageFile)) {
      const bytes = readFileSync(imageFile);
      fingerprints.set(imageFile, await fingerprintCardImage(bytes));
      const { data } = await sharp(bytes).flatten({ background: '#ffffff' }).resize(cardWidth, cardHeight, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
      rasters.push({ width: cardWidth, height: cardHeight, channels: 3, data: new Uint8Array(data) });
    }
    entries.push({
      fingerprint: fingerprints.get(imageFile)!,
      printing: {
        printingId,
        cardId: cardId!,
        cardName: card.name,
        setName: setNames.get(card.setId) ?? card.setId,
        setCode: card.setId,
        number: card.localId,
        setTotal: setTotals.get(card.setId) ?? null,
        variant: variant!,
        language: 'en',
        image: card.image,
      },
    });
  }
  return { entries, rasters, cardOf };
}

export type KitPipeline = Pick<IdentifyOptions, 'detectCards' | 'findCorners' | 'without'> & { settings: IdentifySettings };

/** Identification over a kit's catalogue grown to `size` printings with distractors cut from its own cards. */
export async function kitIdentifyService(entries: MemoryEntry[], rasters: RasterImage[], size: number, pipeline: KitPipeline) {
  const distractors = distractorFingerprints(rasters, size - entries.length, size).map((fingerprint, i) => ({
    fingerprint,
    printing: { ...entries[0]!.printing, printingId: `distractor-${i}`, cardId: `distractor-${i}`, image: `distractor-${i}` },
  }));
  const service = createIdentifyService(memoryFingerprintRepository([...entries, ...distractors]), { assetsBaseUrl: 'https://assets.tcgdex.net', ...pipeline });
  await service.reload();
  return service;
}

/**
 * Identification on a real-card kit (`npm run kit:real-cards`): its photos, whole and as the app's
 * frame captures, against its catalogue grown to each size with distractors cut from its own cards.
 */
export async function realCardRows(
  kitDir: string,
  sizes: number[],
  pipeline: KitPipeline,
  log: (line: string) => void,
  answers: AnswerLog = answerLog(undefined),
): Promise<RealCardRow[]> {
  const kit = readKit(kitDir);
  const { entries, rasters, cardOf } = await kitEntries(kit);
  const rows: RealCardRow[] = [];
  for (const size of sizes.map((wanted) => Math.max(wanted, entries.length))) {
    const service = await kitIdentifyService(entries, rasters, size, pipeline);
    for (const photos of ['whole', 'frame'] as const) {
      log(`Real cards: ${kit.photos.length} ${photos} photos against ${size} printings...`);
      const times: number[] = [];
      const count = { inCatalog: 0, top1: 0, top5: 0, wrongCard: 0, outside: 0, outsideNoMatch: 0, sureRight: 0, sureWrong: 0 };
      const misses: string[] = [];
      for (const photo of kit.photos) {
        const bytes = readFileSync(photo[photos]);
        const started = performance.now();
        const ranked = await service.rank(bytes);
        answers.record(`real ${photos} ${size}`, basename(photo[photos]), ranked);
        const shown = shownCandidates(ranked, pipeline.settings.answer);
        times.push(performance.now() - started);
        const sure = (shown[0]?.score ?? 0) >= clientSettings.autoAddMinScore.value;
        if (photo.printingId === null) {
          count.outside += 1;
          if (shown.length === 0) count.outsideNoMatch += 1;
          else misses.push(`${basename(photo[photos])} (outside the catalogue): answered ${shown[0]!.printingId} at ${shown[0]!.score}`);
          if (sure) count.sureWrong += 1;
          continue;
        }
        const card = cardOf.get(photo.printingId);
        const cards = shown.map((candidate) => cardOf.get(candidate.printingId));
        count.inCatalog += 1;
        if (cards[0] === card) count.top1 += 1;
        else if (cards[0] !== undefined) count.wrongCard += 1;
        if (sure) count[cards[0] === card ? 'sureRight' : 'sureWrong'] += 1;
        if (cards[0] !== card) misses.push(`${basename(photo[photos])} (${photo.conditions.join(', ') || 'plain'}): ${shown.length === 0 ? 'no match' : `${cards[0]} at ${shown[0]!.score}`}`);
        if ([...new Set(cards)].slice(0, 5).includes(card)) count.top5 += 1;
      }
      const row: RealCardRow = {
        photos,
        size,
        top1: pct(count.top1, count.inCatalog),
        top5: pct(count.top5, count.inCatalog),
        wrongCard: pct(count.wrongCard, count.inCatalog),
        outsideNoMatch: `${pct(count.outsideNoMatch, count.outside)} of ${count.outside}`,
        outsideWrong: pct(count.outside - count.outsideNoMatch, count.outside),
        sureRight: pct(count.sureRight, count.inCatalog),
        sureWrong: pct(count.sureWrong, count.inCatalog + count.outside),
        p50ms: Math.round(percentile(times, 50)),
        p99ms: Math.round(percentile(times, 99)),
      };
      log(JSON.stringify(row));
      for (const miss of misses) log(`  missed ${miss}`);
      rows.push(row);
    }
  }
  return rows;
}
