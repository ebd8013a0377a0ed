import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageKind } from '../../../fixtures/identify/render-page.ts';

export const pageKitManifestName = 'pages.json';

export interface PageKitCard {
  /** The card's image file; every printing of the real-card kit printed from it is a right answer. */
  imageFile: string;
  /** Whether the card is in the catalogue (or one of the kit's cards outside it). */
  inCatalog: boolean;
  corners: Array<{ x: number; y: number }>;
}

export interface PageKitPhoto {
  photo: string;
  kind: PageKind;
  conditions: string[];
  cards: PageKitCard[];
}

/** A page kit as `kit:pages` writes it, made from a real-card kit's images. */
export interface PageKit {
  /** The real-card kit whose catalogue the pages' cards are from. */
  realCardKit: string;
  pages: PageKitPhoto[];
}

export function readPageKit(dir: string): PageKit {
  return JSON.parse(readFileSync(join(dir, pageKitManifestName), 'utf8')) as PageKit;
}
