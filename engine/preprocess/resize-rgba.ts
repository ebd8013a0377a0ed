/**
 * Bilinear RGBA resize in plain TypeScript, for places without a canvas (Node benchmarks and tests).
 * The worker scales with OffscreenCanvas instead, which is faster.
 */
export function resizeRgba(
  src: Uint8Array | Uint8ClampedArray,
  srcWidth: number,
  srcHeight: number,
  dstWidth: number,
  dstHeight: number,
  out: Uint8ClampedArray = new Uint8ClampedArray(dstWidth * dstHeight * 4),
): Uint8ClampedArray {
  const sx = srcWidth / dstWidth;
  const sy = srcHeight / dstHeight;
  for (let y = 0; y < dstHeight; y++) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), srcHeight - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, srcHeight - 1);
    const wy = fy - y0;
    for (let x = 0; x < dstWidth; x++) {
      const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), srcWidth - 1);
      const x0 = Math.floor(fx);
      const x1 = Math.min(x0 + 1, srcWidth - 1);
      const wx = fx - x0;
      const a = (y0 * srcWidth + x0) * 4;
      const b = (y0 * srcWidth + x1) * 4;
      const c = (y1 * srcWidth + x0) * 4;
      const d = (y1 * srcWidth + x1) * 4;
      const o = (y * dstWidth + x) * 4;
      for (let k = 0; k < 4; k++) {
        const top = src[a + k]! + (src[b + k]! - src[a + k]!) * wx;
        const bottom = src[c + k]! + (src[d + k]! - src[c + k]!) * wx;
        out[o + k] = top + (bottom - top) * wy;
      }
    }
  }
  return out;
}
