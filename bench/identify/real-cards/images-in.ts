import { readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';

const imageExtensions = new Set(['.png', '.jpg', '.jpeg', '.webp']);

/** Every image file in a folder and the folders inside it, in name order. */
export const imagesIn = (folder: string): string[] =>
  readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return imagesIn(path);
      return imageExtensions.has(extname(name).toLowerCase()) ? [path] : [];
    });
