/** Pixels row by row, `channels` bytes each (1 = grey, 3 = RGB). */
export interface RasterImage {
  width: number;
  height: number;
  channels: 1 | 3;
  data: Uint8Array;
}
