import { describe, expect, it } from 'vitest';
import { CARD_SPAN, FRAME_ASPECT, cardCrop, centredCrop, gateCropFor } from './gate-crop.ts';

describe('the frame-shaped crops the gate judges', () => {
  it('centres a 0.7 crop on the card with the card spanning 70% of its width', () => {
    const card = { x: 400, y: 300, w: 140, h: 196 };
    const crop = cardCrop(1200, 1600, card);
    expect(crop.width).toBe(200);
    expect(crop.height).toBe(Math.round(200 / FRAME_ASPECT));
    expect(card.w / crop.width).toBeCloseTo(CARD_SPAN, 2);
    expect(crop.x + crop.width / 2).toBeCloseTo(card.x + card.w / 2, 0);
    expect(crop.y + crop.height / 2).toBeCloseTo(card.y + card.h / 2, 0);
  });

  it('shrinks the crop to fit the photo and shifts it inside, keeping the frame shape', () => {
    // A close-up: the card fills most of a 310x430 photo, so the ideal crop is larger than the photo.
    const crop = cardCrop(310, 430, { x: 20, y: 15, w: 270, h: 400 });
    expect(crop.x).toBeGreaterThanOrEqual(0);
    expect(crop.y).toBeGreaterThanOrEqual(0);
    expect(crop.x + crop.width).toBeLessThanOrEqual(310);
    expect(crop.y + crop.height).toBeLessThanOrEqual(430);
    expect(crop.width / crop.height).toBeCloseTo(FRAME_ASPECT, 2);
    expect(crop.width).toBe(301);
    // A card near the left edge: the crop slides right rather than leaving the photo.
    const edge = cardCrop(1000, 1000, { x: 0, y: 400, w: 200, h: 280 });
    expect(edge.x).toBe(0);
    expect(edge.width).toBe(286);
  });

  it('uses the largest centred 0.7 crop of a card-free photo, whatever its orientation', () => {
    expect(centredCrop(720, 960)).toEqual({ x: 24, y: 0, width: 672, height: 960 });
    expect(centredCrop(1280, 720)).toEqual({ x: 388, y: 0, width: 504, height: 720 });
    expect(centredCrop(700, 2000)).toEqual({ x: 0, y: 500, width: 700, height: 1000 });
  });

  it('counts one-card photos as positives, card-free ones as negatives and leaves out photos with several cards', () => {
    const card = { x: 100, y: 100, w: 70, h: 98 };
    expect(gateCropFor({ path: '', name: 'a', cardPresent: true, boxes: [card] }, 600, 800)?.role).toBe('positive');
    expect(gateCropFor({ path: '', name: 'b', cardPresent: false, boxes: [] }, 600, 800)).toEqual({ role: 'negative', rect: centredCrop(600, 800) });
    expect(gateCropFor({ path: '', name: 'c', cardPresent: true, boxes: null }, 600, 800)).toEqual({ role: 'positive', rect: centredCrop(600, 800) });
    expect(gateCropFor({ path: '', name: 'd', cardPresent: true, boxes: [card, { ...card, x: 300 }] }, 600, 800)).toBeNull();
  });
});
