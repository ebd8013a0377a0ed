/**
 * The detector used when no model can be loaded ('basic' mode, spec sections 5 and 9): a card held
 * in the on-screen frame puts strong straight edges near the frame's border and corners and fewer
 * edges inside. It works on a small grey image of the frame region.
 */
export interface EdgeFallbackOptions {
  /** Width in pixels the frame is downsampled to. Default 224. */
  width: number;
  /** Frame width / height ratio used to derive the downsampled height. Default 0.7 (224 x 320). */
  frameAspect: number;
  /** Gradient magnitude (|dx| + |dy| of central differences on 0..255 grey) above which a pixel is an edge. Default 70. */
  edgeThreshold: number;
  /** Width of the border band as a fraction of the smaller side. Default 0.08. */
  borderFraction: number;
  /** Border edge density must exceed the interior's times this. Default 1.6. */
  borderToInteriorRatio: number;
  /** Side of each corner window as a multiple of the border band. Default 2. */
  cornerBands: number;
  /** Edge density a corner window must exceed to count. Default 0.04. */
  cornerMinDensity: number;
  /** Corners (of 4) that must pass. Default 3. */
  minCorners: number;
  /** Edge peaks needed on each axis. Default 2. */
  minPeaksPerAxis: number;
  /** A column (row) counts as a peak when its edge fraction reaches this absolute floor... Default 0.2. */
  peakMinFraction: number;
  /** ...and this multiple of the axis' mean edge fraction. Default 2. */
  peakMeanFactor: number;
  /** Peaks closer than this fraction of the axis length count as one. Default 0.1. */
  peakSeparation: number;
}

export const DEFAULT_EDGE_FALLBACK: Readonly<EdgeFallbackOptions> = Object.freeze({
  width: 224,
  frameAspect: 0.7,
  edgeThreshold: 70,
  borderFraction: 0.08,
  borderToInteriorRatio: 1.6,
  cornerBands: 2,
  cornerMinDensity: 0.04,
  minCorners: 3,
  minPeaksPerAxis: 2,
  peakMinFraction: 0.2,
  peakMeanFactor: 2,
  peakSeparation: 0.1,
});

export function validateEdgeFallbackOptions(o: EdgeFallbackOptions): string[] {
  const errors: string[] = [];
  if (!Number.isInteger(o.width) || o.width < 32) errors.push(`width must be an integer >= 32 pixels, got ${o.width}`);
  if (!(o.frameAspect > 0)) errors.push(`frameAspect must be positive, got ${o.frameAspect}`);
  if (!(o.edgeThreshold >= 0)) errors.push(`edgeThreshold must be >= 0, got ${o.edgeThreshold}`);
  if (!(o.borderFraction > 0 && o.borderFraction < 0.25)) errors.push(`borderFraction must be in (0, 0.25), got ${o.borderFraction}`);
  if (!(o.borderToInteriorRatio > 0)) errors.push(`borderToInteriorRatio must be positive, got ${o.borderToInteriorRatio}`);
  if (!(o.cornerBands > 0)) errors.push(`cornerBands must be positive, got ${o.cornerBands}`);
  if (!(o.cornerMinDensity >= 0 && o.cornerMinDensity <= 1)) errors.push(`cornerMinDensity must be 0..1, got ${o.cornerMinDensity}`);
  if (!(Number.isInteger(o.minCorners) && o.minCorners >= 0 && o.minCorners <= 4)) errors.push(`minCorners must be an integer 0..4, got ${o.minCorners}`);
  if (!(Number.isInteger(o.minPeaksPerAxis) && o.minPeaksPerAxis >= 0)) errors.push(`minPeaksPerAxis must be an integer >= 0, got ${o.minPeaksPerAxis}`);
  if (!(o.peakMinFraction >= 0 && o.peakMinFraction <= 1)) errors.push(`peakMinFraction must be 0..1, got ${o.peakMinFraction}`);
  if (!(o.peakMeanFactor >= 0)) errors.push(`peakMeanFactor must be >= 0, got ${o.peakMeanFactor}`);
  if (!(o.peakSeparation >= 0 && o.peakSeparation < 1)) errors.push(`peakSeparation must be in [0, 1), got ${o.peakSeparation}`);
  return errors;
}

/** The downsampled frame size the heuristic expects. */
export function fallbackSize(o: EdgeFallbackOptions = DEFAULT_EDGE_FALLBACK): { width: number; height: number } {
  return { width: o.width, height: Math.round(o.width / o.frameAspect) };
}

export interface EdgeFallbackMetrics {
  borderDensity: number;
  interiorDensity: number;
  cornerDensities: [number, number, number, number];
  cornersPassing: number;
  peaksX: number[];
  peaksY: number[];
}

export interface EdgeFallbackResult {
  accepted: boolean;
  /** Card box from the outermost edge peaks, in the analysed image's pixels; null unless accepted. */
  box: { x: number; y: number; w: number; h: number } | null;
  metrics: EdgeFallbackMetrics;
}

export function detectByEdges(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, o: EdgeFallbackOptions = DEFAULT_EDGE_FALLBACK): EdgeFallbackResult {
  if (rgba.length < width * height * 4) throw new RangeError(`expected ${width * height * 4} RGBA bytes, got ${rgba.length}`);
  const grey = new Float32Array(width * height);
  for (let i = 0, p = 0; i < grey.length; i++, p += 4) grey[i] = 0.299 * rgba[p]! + 0.587 * rgba[p + 1]! + 0.114 * rgba[p + 2]!;

  const edges = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const magnitude = Math.abs(grey[i + 1]! - grey[i - 1]!) + Math.abs(grey[i + width]! - grey[i - width]!);
      if (magnitude > o.edgeThreshold) edges[i] = 1;
    }
  }

  const band = Math.max(1, Math.round(o.borderFraction * Math.min(width, height)));
  let borderEdges = 0;
  let borderPixels = 0;
  let interiorEdges = 0;
  let interiorPixels = 0;
  const columns = new Float64Array(width);
  const rows = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    const inBandY = y < band || y >= height - band;
    for (let x = 0; x < width; x++) {
      const e = edges[y * width + x]!;
      columns[x]! += e;
      rows[y]! += e;
      if (inBandY || x < band || x >= width - band) {
        borderPixels++;
        borderEdges += e;
      } else {
        interiorPixels++;
        interiorEdges += e;
      }
    }
  }
  const borderDensity = borderPixels > 0 ? borderEdges / borderPixels : 0;
  const interiorDensity = interiorPixels > 0 ? interiorEdges / interiorPixels : 0;

  const corner = Math.min(Math.round(band * o.cornerBands), Math.floor(width / 2), Math.floor(height / 2));
  const cornerDensity = (x0: number, y0: number) => {
    let count = 0;
    for (let y = y0; y < y0 + corner; y++) for (let x = x0; x < x0 + corner; x++) count += edges[y * width + x]!;
    return count / (corner * corner);
  };
  const cornerDensities: [number, number, number, number] = [
    cornerDensity(0, 0),
    cornerDensity(width - corner, 0),
    cornerDensity(0, height - corner),
    cornerDensity(width - corner, height - corner),
  ];
  const cornersPassing = cornerDensities.filter((d) => d > o.cornerMinDensity).length;

  for (let x = 0; x < width; x++) columns[x]! /= height;
  for (let y = 0; y < height; y++) rows[y]! /= width;
  const peaksX = findPeaks(columns, o);
  const peaksY = findPeaks(rows, o);

  const accepted =
    borderDensity > o.borderToInteriorRatio * interiorDensity &&
    cornersPassing >= o.minCorners &&
    peaksX.length >= o.minPeaksPerAxis &&
    peaksY.length >= o.minPeaksPerAxis;

  const box =
    accepted && peaksX.length >= 2 && peaksY.length >= 2
      ? { x: peaksX[0]!, y: peaksY[0]!, w: peaksX[peaksX.length - 1]! - peaksX[0]!, h: peaksY[peaksY.length - 1]! - peaksY[0]! }
      : accepted
        ? { x: 0, y: 0, w: width, h: height }
        : null;

  return { accepted, box, metrics: { borderDensity, interiorDensity, cornerDensities, cornersPassing, peaksX, peaksY } };
}

/** Positions of local maxima of an edge profile that stand out from its mean, strongest first per neighbourhood. */
function findPeaks(profile: Float64Array, o: EdgeFallbackOptions): number[] {
  let sum = 0;
  for (const v of profile) sum += v;
  const mean = profile.length > 0 ? sum / profile.length : 0;
  const floor = Math.max(o.peakMinFraction, o.peakMeanFactor * mean);
  const radius = Math.max(1, Math.round(o.peakSeparation * profile.length));
  const peaks: number[] = [];
  for (let i = 0; i < profile.length; i++) {
    const v = profile[i]!;
    if (v < floor) continue;
    let isMax = true;
    for (let j = Math.max(0, i - radius); j <= Math.min(profile.length - 1, i + radius) && isMax; j++) {
      // Ties go to the leftmost index so a two-pixel-wide edge yields one peak.
      if (profile[j]! > v || (profile[j] === v && j < i)) isMax = false;
    }
    if (isMax) peaks.push(i);
  }
  return peaks;
}
