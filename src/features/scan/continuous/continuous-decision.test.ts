import { describe, expect, test } from 'vitest';
import { decideContinuous, initialContinuousMemory, isSameCardAgain, photoTakenByHand, type ContinuousFrame, type ContinuousMemory } from './continuous-decision.ts';

/** Runs frames through the decision and answers the indexes of the frames that took a photo. */
function capturesOf(frames: ContinuousFrame[], memory: ContinuousMemory = initialContinuousMemory): number[] {
  const captured: number[] = [];
  frames.forEach((frame, index) => {
    const next = decideContinuous(memory, frame);
    if (next.capture) captured.push(index);
    memory = next.memory;
  });
  return captured;
}

const miss = (busy = false): ContinuousFrame => ({ detected: false, hits: 0, busy });
const locking = (hits: number, busy = false): ContinuousFrame => ({ detected: false, hits, busy });
const locked = (busy = false, hits = 5): ContinuousFrame => ({ detected: true, hits, busy });

describe('continuous capture decision', () => {
  test('a card that locks is captured once, on the first locked frame', () => {
    expect(capturesOf([miss(), locking(1), locking(2), locked(), locked(), locked()])).toEqual([3]);
  });

  test('a card held still is not captured again, even for hundreds of frames', () => {
    expect(capturesOf([locked(), ...Array.from({ length: 500 }, () => locked())])).toEqual([0]);
  });

  test('the next card is captured after the last one left', () => {
    expect(capturesOf([locked(), locked(), miss(), miss(), locking(1), locking(2), locked(), locked()])).toEqual([0, 6]);
  });

  test('a single missed frame under a still card (the lock holds through it) does not start a new capture', () => {
    expect(capturesOf([locked(), { detected: true, hits: 0, busy: false }, locked(false, 1), locked()])).toEqual([0]);
  });

  test('an engine reset with the card still in view (lock off, hits growing) is not the card leaving', () => {
    expect(capturesOf([locked(), locking(1), locking(2), locked(), locked()])).toEqual([0]);
  });

  test('nothing is captured while busy; a lock that is still there when the scanner is free is', () => {
    expect(capturesOf([locked(true), locked(true), locked(false)])).toEqual([2]);
  });

  test('a card that left and a new one that locked while the last photo was identified is captured when free', () => {
    expect(capturesOf([locked(), locked(true), miss(true), locking(1, true), locked(true), locked(false)])).toEqual([0, 5]);
  });

  test('a card photographed by hand is not captured when the scanner is free, only once it left and came back', () => {
    const held = [locked(), locked(true), locked(true), locking(1), locking(2), locked(), locked()];
    expect(capturesOf(held)).toEqual([0]);
    expect(capturesOf(held, photoTakenByHand())).toEqual([]);
    expect(capturesOf([...held, miss(), locking(1), locking(2), locked()], photoTakenByHand())).toEqual([10]);
  });

  test('the same card staying in view while busy is not captured again once free', () => {
    expect(capturesOf([locked(), locked(true), locked(true), locked(false), locked(false)])).toEqual([0]);
  });
});

describe('the same card coming back', () => {
  test('the same printing locked again soon after it left is the same card; later, or another printing, is not', () => {
    const last = { printingId: 'en-alpha-1-normal', leftAt: 10_000 };
    expect(isSameCardAgain(last, 'en-alpha-1-normal', 10_300, 700)).toBe(true);
    expect(isSameCardAgain(last, 'en-alpha-1-normal', 11_000, 700)).toBe(false);
    expect(isSameCardAgain(last, 'en-alpha-2-holo', 10_300, 700)).toBe(false);
    expect(isSameCardAgain(null, 'en-alpha-1-normal', 10_300, 700)).toBe(false);
    expect(isSameCardAgain({ printingId: 'en-alpha-1-normal', leftAt: null }, 'en-alpha-1-normal', 10_300, 700)).toBe(true);
  });
});
