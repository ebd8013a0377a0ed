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
  // Without a mask `a`'s window is the same for every shift: its sums are taken once.
  const fixed = onlyWhere ? undefined : windowSums(a, width, height, maxDx, maxDy);
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
          const va = a[rowA + x]!;
          if (onlyWhere) {
            if (onlyWhere[rowB + x] === 0) continue;
            n += 1;
            sa += va;
            saa += va * va;
          }
          const vb = b[rowB + x]!;
          sb += vb;
          sbb += vb * vb;
          sab += va * vb;
        }
      }
      if (fixed) ({ n, sa, saa } = fixed);
      const cov = sab - (sa * sb) / n;
      const varA = saa - (sa * sa) / n;
      const varB = sbb - (sb * sb) / n;
      const r = varA > 0 && varB > 0 ? cov / Math.sqrt(varA * varB) : 0;
      if (r > best) best = r;
    }
  }
  return best;
}

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
