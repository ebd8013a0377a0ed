import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const kitManifestName = 'kit.json';

export interface KitPhoto {
  /** The photo as a phone takes it. */
  whole: string;
  /** The same photo as the app sends it: cut to the scanner's frame around the card. */
  frame: string;
  /** The printing shown (for variants sharing its image, the first of them), or null outside the catalogue. */
  printingId: string | null;
  conditions: string[];
  corners: Array<{ x: number; y: number }>;
}

/** A real-card kit as `kit:real-cards` writes it. */
export interface KitManifest {
  catalogFile: string;
  imagesDir: string;
  /** Every printing of the catalogue with the image file it is printed from. */
  printings: Array<{ printingId: string; imageFile: string }>;
  photos: KitPhoto[];
}

export function readKit(dir: string): KitManifest {
  return JSON.parse(readFileSync(join(dir, kitManifestName), 'utf8')) as KitManifest;
}

const repository = fileURLToPath(new URL('../../../', import.meta.url));

/** Where a kit of card images goes: `out` resolved, or the process ends when it is inside the repository. */
export function kitFolderOutsideRepository(out: string): string {
  const folder = resolve(out);
  if (relative(repository, folder).startsWith('..')) return folder;
  console.error(`The kit holds card images that are not ours: write it outside the repository, not in ${folder}`);
  process.exit(2);
}
