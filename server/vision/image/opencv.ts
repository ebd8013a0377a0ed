import { createRequire } from 'node:module';

// The only import of OpenCV (compiled to WebAssembly, no native build, no downloads). Its bundled
// typings are loose, so the few functions the outline finder and rectifier use are typed here.

export interface CvMat {
  rows: number;
  cols: number;
  data: Uint8Array;
  data32S: Int32Array;
  data32F: Float32Array;
  data64F: Float64Array;
  delete(): void;
}

export interface CvMatVector {
  size(): number;
  get(index: number): CvMat;
  delete(): void;
}

export interface CvPoint2 {
  x: number;
  y: number;
}

export interface CvRotatedRect {
  center: CvPoint2;
  size: { width: number; height: number };
  angle: number;
}

export interface OpenCv {
  Mat: { new (): CvMat; new (rows: number, cols: number, type: number): CvMat; ones(rows: number, cols: number, type: number): CvMat; zeros(rows: number, cols: number, type: number): CvMat };
  MatVector: new () => CvMatVector;
  Size: new (width: number, height: number) => unknown;
  Point: new (x: number, y: number) => unknown;
  Scalar: new (...values: number[]) => unknown;
  matFromArray(rows: number, cols: number, type: number, data: ArrayLike<number>): CvMat;
  matFromImageData(image: { data: Uint8ClampedArray; width: number; height: number }): CvMat;
  CV_8UC1: number;
  CV_8UC3: number;
  CV_8UC4: number;
  CV_32FC2: number;
  CV_32SC2: number;
  CV_64F: number;
  COLOR_RGBA2GRAY: number;
  COLOR_RGB2GRAY: number;
  COLOR_RGB2HSV: number;
  RETR_LIST: number;
  RETR_EXTERNAL: number;
  CHAIN_APPROX_SIMPLE: number;
  INTER_LINEAR: number;
  INTER_AREA: number;
  WARP_INVERSE_MAP: number;
  BORDER_REPLICATE: number;
  BORDER_CONSTANT: number;
  THRESH_BINARY: number;
  THRESH_OTSU: number;
  MORPH_CLOSE: number;
  cvtColor(src: CvMat, dst: CvMat, code: number): void;
  GaussianBlur(src: CvMat, dst: CvMat, size: unknown, sigma: number): void;
  Canny(src: CvMat, dst: CvMat, low: number, high: number): void;
  dilate(src: CvMat, dst: CvMat, kernel: CvMat): void;
  bitwise_or(a: CvMat, b: CvMat, dst: CvMat): void;
  split(src: CvMat, planes: CvMatVector): void;
  morphologyEx(src: CvMat, dst: CvMat, op: number, kernel: CvMat): void;
  threshold(src: CvMat, dst: CvMat, thresh: number, max: number, type: number): number;
  HoughLinesP(image: CvMat, lines: CvMat, rho: number, theta: number, threshold: number, minLineLength: number, maxLineGap: number): void;
  findContours(image: CvMat, contours: CvMatVector, hierarchy: CvMat, mode: number, method: number): void;
  contourArea(contour: CvMat): number;
  arcLength(curve: CvMat, closed: boolean): number;
  approxPolyDP(curve: CvMat, out: CvMat, epsilon: number, closed: boolean): void;
  convexHull(points: CvMat, hull: CvMat, clockwise: boolean, returnPoints: boolean): void;
  minAreaRect(points: CvMat): CvRotatedRect;
  boundingRect(points: CvMat): { x: number; y: number; width: number; height: number };
  rectangle(image: CvMat, a: unknown, b: unknown, color: unknown, thickness: number): void;
  getPerspectiveTransform(src: CvMat, dst: CvMat): CvMat;
  warpPerspective(src: CvMat, dst: CvMat, matrix: CvMat, size: unknown, flags: number, border: number, value: unknown): void;
  resize(src: CvMat, dst: CvMat, size: unknown, fx: number, fy: number, interpolation: number): void;
  warpAffine(src: CvMat, dst: CvMat, matrix: CvMat, size: unknown, flags: number, border: number, value: unknown): void;
}

let loading: Promise<OpenCv> | undefined;

/**
 * Loads OpenCV once per process (a second or two); later calls share the instance. The module object
 * is a thenable that resolves to itself, so awaiting or returning it from an async function never
 * settles: its `then` is removed once the runtime is ready.
 */
export function loadOpenCv(): Promise<OpenCv> {
  loading ??= (async () => {
    // Required, not imported: some loaders copy the module's `then` onto the import namespace, and
    // awaiting that namespace would never settle either.
    const cv = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv;
    const ready = () => typeof cv.Mat === 'function' && typeof cv.getPerspectiveTransform === 'function';
    const deadline = Date.now() + 60_000;
    while (!ready()) {
      if (Date.now() > deadline) throw new Error('OpenCV did not initialise within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    delete (cv as { then?: unknown }).then;
    return cv;
  })();
  return loading;
}
/** Frees every OpenCV matrix made during `run`, even when it throws: WebAssembly memory is not collected. */
export function withMats<T>(run: (keep: <M extends { delete(): void }>(mat: M) => M) => T): T {
  const made: Array<{ delete(): void }> = [];
  try {
    return run((mat) => {
      made.push(mat);
      return mat;
    });
  } finally {
    for (const mat of made) mat.delete();
  }
}
