import type { LetterboxGeometry } from './letterbox-geometry.ts';

const INV_255 = 1 / 255;

/**
 * Writes already-scaled RGBA content (contentWidth x contentHeight) into an NCHW float32 tensor at
 * the letterbox offset, as RGB in 0..1. The bars are left as they are (zero in a pooled buffer).
 */
export function writeContentToTensor(rgba: Uint8Array | Uint8ClampedArray, g: LetterboxGeometry, out: Float32Array): void {
  const { contentWidth: cw, contentHeight: ch, inputWidth: iw, inputHeight: ih, padX, padY } = g;
  if (rgba.length < cw * ch * 4) throw new RangeError(`expected ${cw * ch * 4} RGBA bytes, got ${rgba.length}`);
  const plane = iw * ih;
  let src = 0;
  for (let y = 0; y < ch; y++) {
    let r = (y + padY) * iw + padX;
    let gIdx = r + plane;
    let b = r + 2 * plane;
    for (let x = 0; x < cw; x++) {
      out[r++] = rgba[src]! * INV_255;
      out[gIdx++] = rgba[src + 1]! * INV_255;
      out[b++] = rgba[src + 2]! * INV_255;
      src += 4;
    }
  }
}
