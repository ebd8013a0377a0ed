/**
 * When continuous scanning takes a photo by itself. The engine's hysteresis says per frame whether
 * a card is locked (`detected`: 3 accepted frames in a row turn it on, 2 misses turn it off). A lock
 * is captured once: after a capture the next one waits until the card has left, that is until a
 * frame that is a miss with the lock off, and then for a new lock. A card held still is therefore
 * never captured twice, whatever else happens meanwhile.
 */
export interface ContinuousMemory {
  /** A new lock may be captured: no card has been captured since the last one left. */
  armed: boolean;
}

export interface ContinuousFrame {
  /** The hysteresis' "card detected" after this frame. */
  detected: boolean;
  /** Accepted frames in a row up to this one; 0 after a miss. */
  hits: number;
  /** A photo is being taken or identified, or a result waits to be cleared: no capture now. */
  busy: boolean;
}

export const initialContinuousMemory: ContinuousMemory = { armed: true };

/**
 * The card has left once a frame is a miss and the lock is off. A lock that is off while hits grow
 * (the engine was reset with the card still in view, and is locking again) is not a card leaving.
 */
export function cardLeft(frame: Pick<ContinuousFrame, 'detected' | 'hits'>): boolean {
  return !frame.detected && frame.hits === 0;
}

export function decideContinuous(memory: ContinuousMemory, frame: ContinuousFrame): { capture: boolean; memory: ContinuousMemory } {
  // A card leaving while the last one is still being identified counts: the next lock is a new card.
  if (cardLeft(frame)) return { capture: false, memory: memory.armed ? memory : { armed: true } };
  if (frame.detected && memory.armed && !frame.busy) return { capture: true, memory: { armed: false } };
  return { capture: false, memory };
}

/**
 * Take Photo is offered only on a locked card: a photo taken by hand is that lock's capture, so the
 * card is not photographed again when the scanner is free, only after it has left.
 */
export function photoTakenByHand(): ContinuousMemory {
  return { armed: false };
}

/** What continuous scanning keeps of its last capture, to tell a second copy from the same card again. */
export interface LastCapture {
  printingId: string;
  /** When the card of that capture left (frame time, ms); null while it has not. */
  leftAt: number | null;
}

/**
 * The same physical card again: the new lock names the printing of the last capture and came back
 * within `repeatGapMs` of that card leaving (a lock lost on a bad frame and found again).
 */
export function isSameCardAgain(last: LastCapture | null, printingId: string | undefined, lockedAt: number, repeatGapMs: number): boolean {
  if (last === null || printingId === undefined || last.printingId !== printingId) return false;
  return last.leftAt === null || lockedAt - last.leftAt < repeatGapMs;
}
