import { reusableFloat64Array } from './reusable-buffer.ts';
import { summedAreaTable } from './summed-area.ts';

/** Values minus their mean, over their norm: correlating two of them is one dot product. */
export function normalised(values: ArrayLike<number>): Float32Array {
  const n = values.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += values[i]!;
  mean /= n;
  let squares = 0;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const centred = values[i]! - mean;
    out[i] = centred;
    squares += centred * centred;
  }
  const scale = squares > 0 ? 1 / Math.sqrt(squares) : 0;
  for (let i = 0; i < n; i++) out[i]! *= scale;
  return out;
}

/**
 * The correlation (-1..1) of `values` with a target already `normalised`, in one pass and without
 * a copy: an alignment computes hundreds of them.
 */
export function correlationWith(values: Float32Array, target: Float32Array): number {
  const n = values.length;
  let sum = 0;
  let squares = 0;
  let cross = 0;
  let targetSum = 0;
  for (let i = 0; i < n; i++) {
    const value = values[i]!;
    sum += value;
    squares += value * value;
    cross += value * target[i]!;
    targetSum += target[i]!;
  }
  const mean = sum / n;
  const variance = squares - sum * mean;
  return variance > 0 ? (cross - mean * targetSum) / Math.sqrt(variance) : 0;
}

/**
 * The best normalised cross-correlation (-1..1) of two grey images of one size over small shifts:
 * a photo's rectified card is rarely aligned to the pixel, and a few percent of misalignment must
 * not turn the right card into a poor match.
 */
export function shiftedCorrelation(
  a: Uint8Array,
  b: Uint8Array,
  width: number,
  height: number,
  maxDx: number,
  maxDy: number,
  /** Only pixels of `b` marked here count (all when absent). */
  onlyWhere?: Uint8Array,
): number {
  if (onlyWhere) return maskedShiftedCorrelation(a, b, width, height, maxDx, maxDy, onlyWhere);
  // `a`'s window is the same for every shift, and `b`'s sums over each shifted window come from
  // its summed-area tables: per shift, only the cross products are left to add up.
  const { n, sa, saa } = windowSums(a, width, height, maxDx, maxDy);
  const tableLength = (width + 1) * (height + 1);
  const sums = summedAreaTable(b, width, height, sumsBuffer(tableLength));
  const squares = summedAreaTable(b, width, height, squaresBuffer(tableLength), true);
  const stride = width + 1;
  const windowWidth = width - 2 * maxDx;
  const windowHeight = height - 2 * maxDy;
  let best = -1;
  for (let dy = -maxDy; dy <= maxDy; dy++) {
    for (let dx = -maxDx; dx <= maxDx; dx++) {
      const top = (maxDy + dy) * stride + maxDx + dx;
      const bottom = top + windowHeight * stride;
      const sb = sums[bottom + windowWidth]! - sums[bottom]! - sums[top + windowWidth]! + sums[top]!;
      const sbb = squares[bottom + windowWidth]! - squares[bottom]! - squares[top + windowWidth]! + squares[top]!;
      const r = correlationOf(n, sa, saa, sb, sbb, crossSum(a, b, width, windowWidth, windowHeight, maxDy * width + maxDx, (maxDy + dy) * width + maxDx + dx));
      if (r > best) best = r;
    }
  }
  return best;
}

/**
 * The sum of products of a window of `a` and one of `b`, four columns at a time: the products are
 * integers, so the order they are added in does not change the sum, and four independent sums
 * keep the processor busier than one.
 */
function crossSum(a: Uint8Array, b: Uint8Array, width: number, windowWidth: number, windowHeight: number, startA: number, startB: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  const quads = windowWidth & ~3;
  for (let row = 0; row < windowHeight; row++) {
    const i0 = startA + row * width;
    const j0 = startB + row * width;
    let i = i0;
    let j = j0;
    for (const end = i0 + quads; i < end; i += 4, j += 4) {
      s0 += a[i]! * b[j]!;
      s1 += a[i + 1]! * b[j + 1]!;
      s2 += a[i + 2]! * b[j + 2]!;
      s3 += a[i + 3]! * b[j + 3]!;
    }
    for (const end = i0 + windowWidth; i < end; i++, j++) s0 += a[i]! * b[j]!;
  }
  return s0 + s1 + s2 + s3;
}

function maskedShiftedCorrelation(a: Uint8Array, b: Uint8Array, width: number, height: number, maxDx: number, maxDy: number, onlyWhere: Uint8Array): number {
  let best = -1;
  for (let dy = -maxDy; dy <= maxDy; dy++) {
    for (let dx = -maxDx; dx <= maxDx; dx++) {
      let n = 0;
      let sa = 0;
      let sb = 0;
      let saa = 0;
      let sbb = 0;
      let sab = 0;
      for (let y = maxDy; y < height - maxDy; y++) {
        const rowA = y * width;
        const rowB = (y + dy) * width + dx;
        for (let x = maxDx; x < width - maxDx; x++) {
          if (onlyWhere[rowB + x] === 0) continue;
          const va = a[rowA + x]!;
          const vb = b[rowB + x]!;
          n += 1;
          sa += va;
          saa += va * va;
          sb += vb;
          sbb += vb * vb;
          sab += va * vb;
        }
      }
      const r = correlationOf(n, sa, saa, sb, sbb, sab);
      if (r > best) best = r;
    }
  }
  return best;
}

function correlationOf(n: number, sa: number, saa: number, sb: number, sbb: number, sab: number): number {
  const cov = sab - (sa * sb) / n;
  const varA = saa - (sa * sa) / n;
  const varB = sbb - (sb * sb) / n;
  return varA > 0 && varB > 0 ? cov / Math.sqrt(varA * varB) : 0;
}

const sumsBuffer = reusableFloat64Array();
const squaresBuffer = reusableFloat64Array();

function windowSums(a: Uint8Array, width: number, height: number, maxDx: number, maxDy: number): { n: number; sa: number; saa: number } {
  let n = 0;
  let sa = 0;
  let saa = 0;
  for (let y = maxDy; y < height - maxDy; y++) {
    for (let x = maxDx; x < width - maxDx; x++) {
      const va = a[y * width + x]!;
      n += 1;
      sa += va;
      saa += va * va;
    }
  }
  return { n, sa, saa };
}
