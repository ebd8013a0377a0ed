import type { Box } from '../../engine/preprocess/letterbox-geometry.ts';

/** One photo of a benchmark dataset; boxes are in the stored image's pixels. */
export interface DatasetImage {
  /** Absolute path of the image file. */
  path: string;
  /** Path as the dataset names it (relative to its folder). */
  name: string;
  cardPresent: boolean;
  /** Card boxes; null when presence is known but boxes are not annotated (gate only, not AP). */
  boxes: Box[] | null;
}

export type DatasetFormat = 'manifest' | 'yolo';

export interface Dataset {
  root: string;
  format: DatasetFormat;
  images: DatasetImage[];
  /** Files listed or found but left out, with why. */
  skipped: Array<{ name: string; reason: string }>;
}
