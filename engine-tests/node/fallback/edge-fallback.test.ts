import { describe, expect, test } from 'vitest';
import { DEFAULT_EDGE_FALLBACK, detectByEdges, fallbackSize, validateEdgeFallbackOptions } from '../../../engine/fallback/edge-fallback.ts';
import { resizeRgba } from '../../../engine/preprocess/resize-rgba.ts';
import { cardOnTable, noiseImage, solidImage } from '../../support/synthetic-image.ts';

const { width, height } = fallbackSize();

test('works on a 224 x 320 image (width 224, height from the 0.7 frame ratio)', () => {
  expect({ width, height }).toEqual({ width: 224, height: 320 });
  expect(validateEdgeFallbackOptions(DEFAULT_EDGE_FALLBACK)).toEqual([]);
});

describe('a card filling the frame', () => {
  const card = { x: 12, y: 14, w: 200, h: 292 };
  test('is accepted, with a box on its edges', () => {
    const image = cardOnTable(width, height, card);
    const result = detectByEdges(image.data, width, height);
    expect(result.accepted).toBe(true);
    expect(result.metrics.borderDensity).toBeGreaterThan(1.6 * result.metrics.interiorDensity);
    expect(result.metrics.cornersPassing).toBeGreaterThanOrEqual(3);
    expect(result.box!.x).toBeCloseTo(card.x, -1);
    expect(result.box!.y).toBeCloseTo(card.y, -1);
    expect(result.box!.x + result.box!.w).toBeCloseTo(card.x + card.w, -1);
    expect(result.box!.y + result.box!.h).toBeCloseTo(card.y + card.h, -1);
  });
  test('is still accepted when the camera frame is downsampled from a larger one', () => {
    const big = cardOnTable(width * 3, height * 3, { x: card.x * 3, y: card.y * 3, w: card.w * 3, h: card.h * 3 });
    expect(detectByEdges(resizeRgba(big.data, big.width, big.height, width, height), width, height).accepted).toBe(true);
  });
});

describe('rejected', () => {
  test('a blank frame', () => {
    const result = detectByEdges(solidImage(width, height, [128, 128, 128]).data, width, height);
    expect(result).toMatchObject({ accepted: false, box: null });
    expect(result.metrics.borderDensity).toBe(0);
  });
  test('noise', () => {
    const result = detectByEdges(noiseImage(width, height).data, width, height);
    expect(result.accepted).toBe(false);
    expect(result.metrics.borderDensity).toBeLessThan(1.6 * result.metrics.interiorDensity);
  });
  test('a small card in the middle of the frame', () => {
    expect(detectByEdges(cardOnTable(width, height, { x: 70, y: 100, w: 84, h: 120 }).data, width, height).accepted).toBe(false);
  });
  test('a card with only two corners in the frame', () => {
    const result = detectByEdges(cardOnTable(width, height, { x: 12, y: 150, w: 200, h: 292 }).data, width, height);
    expect(result.metrics.cornersPassing).toBeLessThan(3);
    expect(result.accepted).toBe(false);
  });
});
