import type { RectifySettings } from '../identify-settings.ts';
import type { OpenCv } from '../image/opencv.ts';
import type { RasterImage } from '../image/raster-image.ts';
import { halfTurn, type Quad } from '../geometry/card-quad.ts';
import { rectifyCards } from '../rectify/rectify-card.ts';
import { fingerprintBothWays, fingerprintCard, type CardFingerprint } from './card-fingerprint.ts';

/** The card read through one outline hypothesis, in one orientation. */
export interface Reading {
  fingerprint: CardFingerprint;
  quad: Quad;
}

/** The card read through each outline as it is turned. */
export function readAsTurned(cv: OpenCv, image: RasterImage, quads: Quad[], rectify: RectifySettings): Reading[] {
  return rectifyCards(cv, image, quads, rectify).map((card, i) => ({ fingerprint: fingerprintCard(card), quad: quads[i]! }));
}

/** The card read through each outline, upright and upside down. */
export function readBothWays(cv: OpenCv, image: RasterImage, quads: Quad[], rectify: RectifySettings): Reading[] {
  return rectifyCards(cv, image, quads, rectify).flatMap((card, i) => {
    const [upright, turned] = fingerprintBothWays(card);
    return [
      { fingerprint: upright, quad: quads[i]! },
      { fingerprint: turned, quad: halfTurn(quads[i]!) },
    ];
  });
}
