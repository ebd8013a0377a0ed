import { validateInputSize } from '../preprocess/letterbox-geometry.ts';

/**
 * Picking the model's input size from how long frames take on this device: the largest allowed
 * size that keeps detection at the target rate, stepping down when frames are slow (a slow phone, a
 * busy or hot one) and back up when they are fast again. Time is passed in, never read.
 */
export interface SizeAdaptation {
  /** Input sizes the engine may run at, smallest first. Default 320, 416, 480, 640. */
  sizes: number[];
  /** Detections a second to keep at least. Default 8: the lock's three hits take under half a second. */
  targetRate: number;
  /** Frames not counted after a change of size: the first runs at a new size are slower. Default 3. */
  warmupFrames: number;
  /** Frames whose median decides each step. Default 8. */
  windowFrames: number;
  /** Step up only when the next size's expected frame time is within this share of the budget. Default 0.6. */
  stepUpShare: number;
}

export const DEFAULT_SIZE_ADAPTATION: Readonly<SizeAdaptation> = Object.freeze({
  sizes: [320, 416, 480, 640],
  targetRate: 8,
  warmupFrames: 3,
  windowFrames: 8,
  stepUpShare: 0.6,
});

export function validateSizeAdaptation(options: SizeAdaptation): string[] {
  const errors: string[] = [];
  if (!Array.isArray(options.sizes) || options.sizes.length === 0) errors.push('sizes must list at least one input size');
  else {
    for (const size of options.sizes) {
      const error = validateInputSize(size);
      if (error) errors.push(`sizes: ${error}`);
    }
    if (options.sizes.some((size, i) => i > 0 && size <= options.sizes[i - 1]!)) errors.push(`sizes must grow, got ${options.sizes.join(', ')}`);
  }
  if (!(Number.isFinite(options.targetRate) && options.targetRate > 0)) errors.push(`targetRate must be a number of detections a second > 0, got ${options.targetRate}`);
  if (!(Number.isInteger(options.warmupFrames) && options.warmupFrames >= 0)) errors.push(`warmupFrames must be an integer >= 0, got ${options.warmupFrames}`);
  if (!(Number.isInteger(options.windowFrames) && options.windowFrames >= 1)) errors.push(`windowFrames must be an integer >= 1, got ${options.windowFrames}`);
  if (!(options.stepUpShare > 0 && options.stepUpShare <= 1)) errors.push(`stepUpShare must be within 0..1, got ${options.stepUpShare}`);
  return errors;
}

export interface SizeController {
  readonly size: number;
  /** Counts one frame's time in ms; answers the size for the next frame. */
  observe(frameMs: number): number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Starts at `initial` (or the allowed size nearest below it). A frame's time grows with the input's
 * area, so the time at another size is expected as the median times the square of the sizes' ratio.
 */
export function createSizeController(options: SizeAdaptation, initial: number): SizeController {
  const { sizes, targetRate, warmupFrames, windowFrames, stepUpShare } = options;
  const budget = 1000 / targetRate;
  let index = Math.max(0, sizes.findLastIndex((size) => size <= initial));
  let skip = warmupFrames;
  let window: number[] = [];
  const expected = (from: number, to: number, ms: number) => ms * (sizes[to]! / sizes[from]!) ** 2;
  return {
    get size() {
      return sizes[index]!;
    },
    observe(frameMs) {
      if (skip > 0) {
        skip -= 1;
        return sizes[index]!;
      }
      window.push(frameMs);
      if (window.length < windowFrames) return sizes[index]!;
      const typical = median(window);
      window = [];
      let next = index;
      if (typical > budget) {
        // Down at least one size, and as far as it takes for the budget to hold.
        next = Math.max(0, index - 1);
        while (next > 0 && expected(index, next, typical) > budget) next -= 1;
      } else if (index + 1 < sizes.length && expected(index, index + 1, typical) <= budget * stepUpShare) {
        next = index + 1;
      }
      if (next !== index) {
        index = next;
        skip = warmupFrames;
      }
      return sizes[index]!;
    },
  };
}
