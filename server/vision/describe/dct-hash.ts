import type { GreyPlane } from '../image/grey-plane.ts';

const cosineTables = new Map<number, Float64Array>();

function cosineTable(size: number): Float64Array {
  let table = cosineTables.get(size);
  if (!table) {
    table = new Float64Array(size * size);
    for (let k = 0; k < size; k++) {
      for (let n = 0; n < size; n++) table[k * size + n] = Math.cos((Math.PI * (2 * n + 1) * k) / (2 * size));
    }
    cosineTables.set(size, table);
  }
  return table;
}

/**
 * A perceptual hash: the lowest `keepX` x `keepY` frequencies of the plane's 2-D DCT, one bit each
 * for being above their median. Robust to blur, noise, JPEG and small shifts; packed 32 bits a word.
 */
export function dctHash(plane: GreyPlane, keepX: number, keepY: number): Uint32Array {
  const { width, height, data } = plane;
  const cx = cosineTable(width);
  const cy = cosineTable(height);
  const rows = new Float64Array(height * keepX);
  for (let y = 0; y < height; y++) {
    for (let u = 0; u < keepX; u++) {
      let sum = 0;
      for (let x = 0; x < width; x++) sum += data[y * width + x]! * cx[u * width + x]!;
      rows[y * keepX + u] = sum;
    }
  }
  const coefficients = new Float64Array(keepX * keepY);
  for (let v = 0; v < keepY; v++) {
    for (let u = 0; u < keepX; u++) {
      let sum = 0;
      for (let y = 0; y < height; y++) sum += rows[y * keepX + u]! * cy[v * height + y]!;
      coefficients[v * keepX + u] = sum;
    }
  }
  // The DC term only says how bright the region is; the median is taken over the others.
  const median = [...coefficients.subarray(1)].sort((a, b) => a - b)[(coefficients.length - 1) >> 1]!;
  const words = new Uint32Array(Math.ceil(coefficients.length / 32));
  for (let i = 1; i < coefficients.length; i++) {
    if (coefficients[i]! > median) words[i >> 5]! |= 1 << (i & 31);
  }
  return words;
}
