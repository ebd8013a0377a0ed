import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kitManifestName, type KitManifest, type KitPhoto } from '../real-cards/real-card-kit.ts';

/** A photo of a same-art kit: a printing of the catalogue that shares its artwork, or a printing left out whose artwork is in. */
export interface SameArtPhoto extends KitPhoto {
  kind: 'same-art' | 'missing';
  /** For a missing printing: its id, had it been in the catalogue. */
  missingPrinting?: string;
  /** The catalogue's printings of the same artwork. */
  sameArtAs: string[];
}

/** A same-art kit as `kit:same-art` writes it: a real-card kit whose photos say what they show. */
export interface SameArtKit extends KitManifest {
  photos: SameArtPhoto[];
}

export const readSameArtKit = (dir: string): SameArtKit => JSON.parse(readFileSync(join(dir, kitManifestName), 'utf8')) as SameArtKit;
