import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Dataset } from './dataset.ts';

/** `--split FILE.json:KEY`: keeps the images whose file name is listed under KEY (e.g. training/split.json:val). */
export function applySplit(dataset: Dataset, spec: string): Dataset {
  const colon = spec.lastIndexOf(':');
  if (colon <= 0 || colon === spec.length - 1) throw new Error(`--split must be FILE.json:KEY, got "${spec}"`);
  const file = spec.slice(0, colon);
  const key = spec.slice(colon + 1);
  const split = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const names = split[key];
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) {
    const keys = Object.entries(split).filter(([, v]) => Array.isArray(v)).map(([k]) => k);
    throw new Error(`${file} has no list "${key}" (lists: ${keys.join(', ') || 'none'})`);
  }
  const wanted = new Set(names.map((n) => basename(n)));
  const images = dataset.images.filter((image) => wanted.has(basename(image.path)));
  if (images.length === 0) throw new Error(`none of the ${wanted.size} images in ${spec} are in ${dataset.root}`);
  return { ...dataset, images };
}
