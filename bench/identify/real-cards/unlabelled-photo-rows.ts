import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { clientSettings } from '../../../src/lib/client-settings.ts';
import { shownCandidates } from '../../../server/vision/answer/shown-candidates.ts';
import { percentile } from '../../engine/stats.ts';
import { readKit } from './real-card-kit.ts';
import { kitEntries, kitIdentifyService, type KitPipeline } from './real-card-rows.ts';

export interface UnlabelledPhotoRow {
  size: number;
  photos: number;
  /** Photos answered with a card; each is logged with its card, for a person to check against the photo. */
  answered: number;
  /** Of those, answered at or over the scan session's auto-add score. */
  sure: number;
  p50ms: number;
  p99ms: number;
}

/**
 * Real photos nobody labelled (a folder of JPEG or PNG files, such as the detector's real photos)
 * against a kit's catalogue: most show cards outside it, so every answer is logged to be checked by
 * eye, and an answer that is not a card in the photo is a wrong card on real photos.
 */
export async function unlabelledPhotoRows(kitDir: string, photosDir: string, sizes: number[], pipeline: KitPipeline, log: (line: string) => void): Promise<UnlabelledPhotoRow[]> {
  const { entries, rasters, cardOf } = await kitEntries(readKit(kitDir));
  const files = readdirSync(photosDir)
    .filter((name) => /\.(jpe?g|png)$/i.test(name))
    .sort();
  const rows: UnlabelledPhotoRow[] = [];
  for (const size of sizes.map((wanted) => Math.max(wanted, entries.length))) {
    const service = await kitIdentifyService(entries, rasters, size, pipeline);
    log(`Unlabelled real photos: ${files.length} from ${photosDir} against ${size} printings...`);
    const times: number[] = [];
    let answered = 0;
    let sure = 0;
    for (const file of files) {
      const started = performance.now();
      const [top] = shownCandidates(await service.rank(readFileSync(join(photosDir, file))), pipeline.settings.answer);
      times.push(performance.now() - started);
      if (!top) continue;
      answered += 1;
      if (top.score >= clientSettings.autoAddMinScore.value) sure += 1;
      log(`  answered ${basename(file)}: ${cardOf.get(top.printingId) ?? top.printingId} at ${top.score}`);
    }
    rows.push({ size, photos: files.length, answered, sure, p50ms: Math.round(percentile(times, 50)), p99ms: Math.round(percentile(times, 99)) });
  }
  return rows;
}
