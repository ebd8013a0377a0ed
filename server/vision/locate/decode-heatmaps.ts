import type { Point } from '../geometry/card-quad.ts';

/**
 * Each heatmap's peak (maps laid out one after another), refined by the softmax-weighted mean of the
 * 5 x 5 cells around it (as common.py's decode_heatmaps), in input pixels; with the least share of a
 * map's softmax those cells hold.
 */
export function decodeHeatmaps(data: Float32Array, mapWidth: number, mapHeight: number, stride: number): { points: Point[]; sharpness: number } {
  const points: Point[] = [];
  let sharpness = 1;
  const plane = mapWidth * mapHeight;
  for (let k = 0; k < data.length / plane; k++) {
    const base = k * plane;
    let peak = 0;
    for (let i = 1; i < plane; i++) if (data[base + i]! > data[base + peak]!) peak = i;
    const top = data[base + peak]!;
    let total = 0;
    for (let i = 0; i < plane; i++) total += Math.exp(data[base + i]! - top);
    const px = peak % mapWidth;
    const py = Math.floor(peak / mapWidth);
    let mass = 0;
    let sx = 0;
    let sy = 0;
    for (let y = Math.max(py - 2, 0); y <= Math.min(py + 2, mapHeight - 1); y++) {
      for (let x = Math.max(px - 2, 0); x <= Math.min(px + 2, mapWidth - 1); x++) {
        const weight = Math.exp(data[base + y * mapWidth + x]! - top);
        mass += weight;
        sx += weight * x;
        sy += weight * y;
      }
    }
    points.push({ x: (sx / mass + 0.5) * stride, y: (sy / mass + 0.5) * stride });
    sharpness = Math.min(sharpness, mass / total);
  }
  return { points, sharpness };
}
