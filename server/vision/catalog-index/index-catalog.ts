import type { Progress } from '../../catalog/import/progress-bar.ts';
import type { CardFingerprint } from '../describe/card-fingerprint.ts';
import { fingerprintCardImage } from '../describe/fingerprint-card-image.ts';
import type { FingerprintRepository, PrintingImage } from './fingerprint-repository.ts';
import { loadCardImage, type CardImageSource } from './load-card-image.ts';

export interface IndexOptions extends CardImageSource {
  /** Recompute fingerprints that are up to date. */
  force?: boolean;
  /** Images loaded at once. */
  concurrency?: number;
  /** A progress display for the given number of images. */
  progress?: (images: number) => Progress;
  /** Told after each image, with the counts so far and the printings to fingerprint in all. */
  onImage?: (summary: IndexSummary, total: number) => void;
  /** Told after each batch of fingerprints is stored. */
  onSaved?: () => void;
  /** Stops after the images in hand. */
  signal?: AbortSignal;
}

export interface IndexSummary {
  indexed: number;
  unchanged: number;
  /** Printings whose image could not be loaded or read; they stay out of the index. */
  skipped: number;
  problems: string[];
}

const saveEvery = 50;

/**
 * Brings the fingerprints up to date with the catalogue: each printing's image is loaded once per
 * address (variants share images), fingerprinted and stored; failures are counted, never fatal.
 */
export async function indexCatalog(repository: FingerprintRepository, options: IndexOptions): Promise<IndexSummary> {
  const { todo, upToDate } = await repository.printingsToIndex({ force: options.force ?? false });
  const byImage = new Map<string, PrintingImage[]>();
  for (const printing of todo) byImage.set(printing.image, [...(byImage.get(printing.image) ?? []), printing]);
  const images = [...byImage.keys()];
  const summary: IndexSummary = { indexed: 0, unchanged: upToDate, skipped: 0, problems: [] };
  let pending: Array<PrintingImage & { fingerprint: CardFingerprint }> = [];
  let done = 0;
  const flush = async () => {
    const rows = pending;
    pending = [];
    await repository.save(rows);
    if (rows.length > 0) options.onSaved?.();
  };
  const progress = options.progress?.(images.length);
  progress?.update(0, 'images');
  let next = 0;
  const worker = async () => {
    while (next < images.length && !options.signal?.aborted) {
      const address = images[next++]!;
      const printings = byImage.get(address)!;
      try {
        const fingerprint = await fingerprintCardImage(await loadCardImage(address, options));
        for (const printing of printings) pending.push({ ...printing, fingerprint });
        summary.indexed += printings.length;
      } catch (error) {
        summary.skipped += printings.length;
        if (summary.problems.length < 20) summary.problems.push(`${address}: ${(error as Error).message}`);
      }
      done += 1;
      progress?.update(done, `images, ${summary.skipped} skipped`);
      options.onImage?.(summary, todo.length);
      if (pending.length >= saveEvery) await flush();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 6, images.length)) }, worker));
  await flush();
  progress?.finish(
    `${summary.indexed} printings fingerprinted, ${summary.unchanged} unchanged, ${summary.skipped} skipped (image unavailable)`,
  );
  return summary;
}
