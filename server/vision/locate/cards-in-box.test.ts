import { describe, expect, it } from 'vitest';
import { identifySettings } from '../identify-settings.ts';
import { maxCornerDistance, turnedCard, type Quad } from '../geometry/card-quad.ts';
import { cardsInBox } from './cards-in-box.ts';

const turned = (cx: number, cy: number, height: number, degrees: number) => turnedCard({ x: cx, y: cy }, height, (degrees * Math.PI) / 180);

function boxAround(quad: Quad) {
  const xs = quad.map((p) => p.x);
  const ys = quad.map((p) => p.y);
  return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
}

describe('cardsInBox', () => {
  it.each([0, 8, -15, 25])('puts a card turned %i degrees among the cards its box could hold, within 2% of its size', (degrees) => {
    const card = turned(320, 400, 500, degrees);
    const cards = cardsInBox(boxAround(card), identifySettings.locate);
    const nearest = Math.min(...cards.map((quad) => maxCornerDistance(quad, card)));
    expect(nearest).toBeLessThan(0.02 * 500);
  });

  it('offers one card for an upright box and both turns for a wider one', () => {
    expect(cardsInBox(boxAround(turned(300, 300, 400, 0)), identifySettings.locate)).toHaveLength(1);
    expect(cardsInBox(boxAround(turned(300, 300, 400, 20)), identifySettings.locate)).toHaveLength(2);
  });
});
