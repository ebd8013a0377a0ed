/**
 * The summed-area table of a `width` x `height` grid, written into `into` ((width + 1) x (height + 1)
 * entries): entry (x, y) holds the sum of the values above and left of it, squared when asked. Any
 * box's sum is then four lookups.
 */
export function summedAreaTable(values: ArrayLike<number>, width: number, height: number, into: Float64Array, squared = false): Float64Array {
  const stride = width + 1;
  into.fill(0, 0, stride);
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    const above = y * stride + 1;
    const row = above + stride;
    into[row - 1] = 0;
    for (let x = 0; x < width; x++) {
      const value = values[y * width + x]!;
      rowSum += squared ? value * value : value;
      into[row + x] = into[above + x]! + rowSum;
    }
  }
  return into;
}
