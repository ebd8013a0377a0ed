import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { clientSettings } from '../../../src/lib/client-settings.ts';
import { shownCandidates } from '../../../server/vision/answer/shown-candidates.ts';
import { percentile } from '../../engine/stats.ts';
import { kitEntries, kitIdentifyService, type KitPipeline } from '../real-cards/real-card-rows.ts';
import { readSameArtKit } from './same-art-kit.ts';

export interface SameArtRow {
  photos: 'whole' | 'frame';
  size: number;
  /** Photos of a catalogue printing that shares its artwork: the right printing first. */
  sameArtTop1: string;
  /** ...answered first with its same-art twin. */
  sameArtAsTwin: string;
  /** ...the right printing first at the scan session's auto-add score. */
  sameArtSureRight: string;
  /** Photos of a printing left out of the catalogue whose artwork is in: top match under the auto-add score. */
  missingNotAutoAdded: string;
  /** ...answered as the catalogue's printing of that artwork (its twin) at the auto-add score. */
  missingSureAsTwin: string;
  /** ...answered with no match. */
  missingNoMatch: string;
  /** ...whose top match is marked as its artwork's printing, not the one photographed (`printingNotInCatalogue`). */
  missingMarked: string;
  p50ms: number;
  p99ms: number;
}

const pct = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`);

/**
 * Identification on a same-art kit (`npm run kit:same-art`): printings told apart from their
 * same-art twins, and printings outside the catalogue whose artwork is in answered honestly.
 */
export async function sameArtRows(kitDir: string, sizes: number[], pipeline: KitPipeline, log: (line: string) => void): Promise<SameArtRow[]> {
  const kit = readSameArtKit(kitDir);
  const { entries, rasters } = await kitEntries(kit);
  const rows: SameArtRow[] = [];
  for (const size of sizes.map((wanted) => Math.max(wanted, entries.length))) {
    const service = await kitIdentifyService(entries, rasters, size, pipeline);
    for (const photos of ['whole', 'frame'] as const) {
      log(`Same art: ${kit.photos.length} ${photos} photos against ${size} printings...`);
      const times: number[] = [];
      const count = { sameArt: 0, top1: 0, asTwin: 0, sureRight: 0, missing: 0, notAdded: 0, sureWrong: 0, noMatch: 0, marked: 0 };
      const misses: string[] = [];
      for (const photo of kit.photos) {
        const started = performance.now();
        const ranked = await service.rank(readFileSync(photo[photos]));
        times.push(performance.now() - started);
        const shown = shownCandidates(ranked, pipeline.settings.answer);
        const top = shown[0];
        const sure = (top?.score ?? 0) >= clientSettings.autoAddMinScore.value;
        const answered = top ? `${top.printingId} at ${top.score}` : 'no match';
        if (photo.kind === 'same-art') {
          count.sameArt += 1;
          if (top?.printingId === photo.printingId) {
            count.top1 += 1;
            if (sure) count.sureRight += 1;
          } else misses.push(`${basename(photo[photos])} (${photo.conditions.join(', ') || 'plain'}): ${answered}`);
          if (top && photo.sameArtAs.includes(top.printingId)) count.asTwin += 1;
          continue;
        }
        count.missing += 1;
        if (!sure) count.notAdded += 1;
        else misses.push(`${basename(photo[photos])} (missing ${photo.missingPrinting}): ${answered}`);
        if (sure && top && photo.sameArtAs.includes(top.printingId)) count.sureWrong += 1;
        if (!top) count.noMatch += 1;
        if (top?.printingNotInCatalogue) count.marked += 1;
      }
      const row: SameArtRow = {
        photos,
        size,
        sameArtTop1: `${pct(count.top1, count.sameArt)} of ${count.sameArt}`,
        sameArtAsTwin: pct(count.asTwin, count.sameArt),
        sameArtSureRight: pct(count.sureRight, count.sameArt),
        missingNotAutoAdded: `${pct(count.notAdded, count.missing)} of ${count.missing}`,
        missingSureAsTwin: pct(count.sureWrong, count.missing),
        missingNoMatch: pct(count.noMatch, count.missing),
        missingMarked: pct(count.marked, count.missing),
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
