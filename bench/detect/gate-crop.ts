import { DEFAULT_EDGE_FALLBACK } from '../../engine/fallback/edge-fallback.ts';
import type { Box } from '../../engine/preprocess/letterbox-geometry.ts';
import type { DatasetImage } from './dataset.ts';
import type { PixelRect } from './rgba-image.ts';

/** The scanner frame's width / height (spec: fallback height from ratio 0.7). */
export const FRAME_ASPECT = DEFAULT_EDGE_FALLBACK.frameAspect;
/** Share of the frame's width a card held in the on-screen frame spans. */
export const CARD_SPAN = 0.7;

export const gateCropNote = (span = CARD_SPAN) =>
  `The gate judges the scanner's frame, not a whole photo: on a photo with one annotated card it runs on a ${FRAME_ASPECT} (width/height) crop ` +
  `centred on the card, sized so the card spans ${Math.round(span * 100)}% of the crop's width (shrunk to fit the photo, then shifted inside it); ` +
  `photos with no card use their largest centred ${FRAME_ASPECT} crop, and so do photos marked as holding a card without boxes. Photos with several cards are left out of the gate rates.`;

/** Largest frame-shaped rectangle centred in the photo. */
export function centredCrop(width: number, height: number, aspect = FRAME_ASPECT): PixelRect {
  return place(width, height, width / 2, height / 2, Math.min(width, height * aspect), aspect);
}

/** Frame-shaped rectangle centred on the card, the card spanning `span` of its width, clamped to the photo. */
export function cardCrop(width: number, height: number, card: Box, aspect = FRAME_ASPECT, span = CARD_SPAN): PixelRect {
  return place(width, height, card.x + card.w / 2, card.y + card.h / 2, card.w / span, aspect);
}

function place(width: number, height: number, cx: number, cy: number, wantedWidth: number, aspect: number): PixelRect {
  const scale = Math.min(1, width / wantedWidth, height / (wantedWidth / aspect));
  const w = clamp(Math.round(wantedWidth * scale), 1, width);
  const h = clamp(Math.round((wantedWidth * scale) / aspect), 1, height);
  return { x: clamp(Math.round(cx - w / 2), 0, width - w), y: clamp(Math.round(cy - h / 2), 0, height - h), width: w, height: h };
}

export type GateRole = 'positive' | 'negative';

/** Which gate rate a photo counts for, and the frame it is judged on; null for photos with several cards. */
export function gateCropFor(image: DatasetImage, width: number, height: number, span = CARD_SPAN): { role: GateRole; rect: PixelRect } | null {
  if (!image.cardPresent) return { role: 'negative', rect: centredCrop(width, height) };
  if (image.boxes === null) return { role: 'positive', rect: centredCrop(width, height) };
  if (image.boxes.length === 1) return { role: 'positive', rect: cardCrop(width, height, image.boxes[0]!, FRAME_ASPECT, span) };
  return null;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
