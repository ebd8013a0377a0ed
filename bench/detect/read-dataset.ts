import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { Dataset } from './dataset.ts';
import { applySplit } from './dataset-split.ts';
import { readManifestDataset } from './read-manifest-dataset.ts';
import { readYoloDataset } from './read-yolo-dataset.ts';

/** A folder with manifest.json, or a YOLO-style folder with images/ and labels/; optionally narrowed by a split. */
export async function readDataset(folder: string, split?: string): Promise<Dataset> {
  const root = resolve(folder);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new Error(`dataset folder not found: ${folder}`);
  let dataset: Dataset;
  if (existsSync(join(root, 'manifest.json'))) dataset = readManifestDataset(root);
  else if (existsSync(join(root, 'images')) && existsSync(join(root, 'labels'))) dataset = await readYoloDataset(root, imageSize);
  else throw new Error(`${folder} has neither manifest.json nor images/ and labels/`);
  if (split) dataset = applySplit(dataset, split);
  if (dataset.images.length === 0) throw new Error(`${folder} has no usable images`);
  return dataset;
}

async function imageSize(path: string): Promise<{ width: number; height: number }> {
  const { width, height, orientation } = await sharp(path).metadata();
  // Decoding applies EXIF rotation, so boxes are read against the rotated size.
  return orientation !== undefined && orientation >= 5 ? { width: height, height: width } : { width, height };
}
