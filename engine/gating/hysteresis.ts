/**
 * "Card detected" hysteresis (spec section 4): on after consecutive accepted frames, off after
 * consecutive misses or when no accepted frame has come for a while. Time is passed in, never read.
 */
export interface HysteresisOptions {
  /** Consecutive accepted frames that turn detection on. Default 3. */
  hitsToDetect: number;
  /** Consecutive rejected frames that turn detection off. Default 2. */
  missesToLose: number;
  /** Milliseconds without an accepted frame after which a rejected frame turns detection off. Default 180. */
  maxGapMs: number;
}

export const DEFAULT_HYSTERESIS: Readonly<HysteresisOptions> = Object.freeze({
  hitsToDetect: 3,
  missesToLose: 2,
  maxGapMs: 180,
});

export function validateHysteresisOptions(options: HysteresisOptions): string[] {
  const errors: string[] = [];
  if (!Number.isInteger(options.hitsToDetect) || options.hitsToDetect < 1) errors.push(`hitsToDetect must be an integer >= 1, got ${options.hitsToDetect}`);
  if (!Number.isInteger(options.missesToLose) || options.missesToLose < 1) errors.push(`missesToLose must be an integer >= 1, got ${options.missesToLose}`);
  if (!Number.isFinite(options.maxGapMs) || options.maxGapMs < 0) errors.push(`maxGapMs must be a number of milliseconds >= 0, got ${options.maxGapMs}`);
  return errors;
}

export interface HysteresisState {
  detected: boolean;
  /** Consecutive accepted frames so far. */
  hits: number;
  /** Consecutive rejected frames so far. */
  misses: number;
  /** Time of the last accepted frame in the caller's clock (ms), or null before the first one. */
  lastHitMs: number | null;
}

export interface Hysteresis {
  /** Feeds one frame's acceptance at time nowMs (any monotonic clock in ms) and returns the new state. */
  update(accepted: boolean, nowMs: number): HysteresisState;
  reset(): HysteresisState;
  readonly state: HysteresisState;
}

const initialState = (): HysteresisState => ({ detected: false, hits: 0, misses: 0, lastHitMs: null });

export function createHysteresis(options: HysteresisOptions = DEFAULT_HYSTERESIS): Hysteresis {
  const errors = validateHysteresisOptions(options);
  if (errors.length > 0) throw new RangeError(`Invalid hysteresis options: ${errors.join('; ')}`);
  let state = initialState();

  return {
    update(accepted, nowMs) {
      if (accepted) {
        const hits = state.hits + 1;
        state = { detected: state.detected || hits >= options.hitsToDetect, hits, misses: 0, lastHitMs: nowMs };
      } else {
        const misses = state.misses + 1;
        const stale = state.lastHitMs === null || nowMs - state.lastHitMs >= options.maxGapMs;
        const lost = misses >= options.missesToLose || stale;
        state = { detected: state.detected && !lost, hits: 0, misses, lastHitMs: state.lastHitMs };
      }
      return state;
    },
    reset() {
      state = initialState();
      return state;
    },
    get state() {
      return state;
    },
  };
}
