import { cardAspect, orderQuad, type Quad } from './card-quad.ts';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const degree = Math.PI / 180;
/** Width over height of the box around a card turned by `angle`. */
const boxAspect = (angle: number) => (cardAspect * Math.cos(angle) + Math.sin(angle)) / (cardAspect * Math.sin(angle) + Math.cos(angle));

/**
 * The cards a detector's upright box could hold: the box says how far the card is turned (a wider
 * box, a card turned further) but not which way, so both turns are returned, centred in the box.
 * Alignment then corrects the few percent that perspective and a frame-cut box leave wrong.
 */
export function cardsInBox(box: Box): Quad[] {
  const target = box.w / box.h;
  let angle = 0;
  for (let trial = 0; trial <= 40 * degree; trial += 0.5 * degree) {
    if (Math.abs(boxAspect(trial) - target) < Math.abs(boxAspect(angle) - target)) angle = trial;
  }
  const height = box.h / (cardAspect * Math.sin(angle) + Math.cos(angle));
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const turns = angle < 2 * degree ? [0] : [angle, -angle];
  return turns.map((turn) => {
    const cos = Math.cos(turn);
    const sin = Math.sin(turn);
    const corners = [
      [-0.5, -0.5],
      [0.5, -0.5],
      [0.5, 0.5],
      [-0.5, 0.5],
    ].map(([u, v]) => {
      const x = u! * cardAspect * height;
      const y = v! * height;
      return { x: cx + x * cos - y * sin, y: cy + x * sin + y * cos };
    });
    return orderQuad(corners);
  });
}
