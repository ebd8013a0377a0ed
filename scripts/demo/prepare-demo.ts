import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeFakeCameraVideo } from '../../fixtures/camera/fake-camera-video.ts';
import { generateTestCatalog, generateTestPhotos } from '../../fixtures/identify/generate-test-catalog.ts';
import { importCatalog } from '../../server/catalog/import/import-catalog.ts';
import { readTcgdexFile } from '../../server/catalog/import/read-tcgdex-file.ts';
import { openDatabase } from '../../server/db/open-database.ts';

export interface Demo {
  imagesDir: string;
  printings: number;
  /** A phone-like photo of a printing of the catalogue, and that card's name. */
  inCatalogPhoto: string;
  inCatalogName: string;
  /** The face of that card, to show a camera; and a fake camera's video of it. */
  inCatalogCard: string;
  cameraVideo: string;
}

/** A generated catalogue imported into `dataDir` (once), with a photo and a camera video of one of its cards. */
export async function prepareDemo(dataDir: string): Promise<Demo> {
  const dir = resolve('fixtures/identify/out/demo');
  const catalog = await generateTestCatalog(dir, { seed: 21, sets: 2, cards: 12, reprints: 2, outside: 1 });
  const photos = await generateTestPhotos(catalog, { seed: 23, inCatalog: 1, outside: 0, hard: false });
  const photo = photos.find((candidate) => candidate.printingId !== null)!;
  const printing = catalog.printings.find((candidate) => candidate.printingId === photo.printingId)!;
  const cameraVideo = join(dir, 'camera.y4m');
  if (!existsSync(cameraVideo)) await writeFakeCameraVideo({ cardImage: printing.imageFile, out: cameraVideo, cardHeightRatio: 0.7, holdSeconds: 30 });

  const db = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await importCatalog(db, readTcgdexFile(JSON.parse(readFileSync(catalog.catalogFile, 'utf8'))));
  } finally {
    await db.destroy();
  }
  return {
    imagesDir: catalog.imagesDir,
    printings: catalog.printings.length,
    inCatalogPhoto: photo.file,
    inCatalogName: printing.cardName,
    inCatalogCard: printing.imageFile,
    cameraVideo,
  };
}
