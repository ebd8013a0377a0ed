import type { Box } from '../../../engine/preprocess/letterbox-geometry.ts';
import { cardAspect, turnedCard, type Quad } from '../geometry/card-quad.ts';
import type { LocateSettings } from '../identify-settings.ts';

const degree = Math.PI / 180;
/** Width over height of the box around a card turned by `angle`. */
const boxAspect = (angle: number) => (cardAspect * Math.cos(angle) + Math.sin(angle)) / (cardAspect * Math.sin(angle) + Math.cos(angle));

/**
 * The cards a detector's upright box could hold: the box says how far the card is turned (a wider
 * box, a card turned further) but not which way, so both turns are returned, centred in the box.
 * Alignment then corrects the few percent that perspective and a frame-cut box leave wrong.
 */
export function cardsInBox(box: Box, { boxMaxTurn, boxTurnStep, boxUpright }: LocateSettings): Quad[] {
  const target = box.w / box.h;
  let angle = 0;
  for (let trial = 0; trial <= boxMaxTurn.value * degree; trial += boxTurnStep.value * degree) {
    if (Math.abs(boxAspect(trial) - target) < Math.abs(boxAspect(angle) - target)) angle = trial;
  }
  const height = box.h / (cardAspect * Math.sin(angle) + Math.cos(angle));
  const centre = { x: box.x + box.w / 2, y: box.y + box.h / 2 };
  return (angle < boxUpright.value * degree ? [0] : [angle, -angle]).map((turn) => turnedCard(centre, height, turn));
}
