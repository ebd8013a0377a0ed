import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import config from '../vite.config.ts';

const root = fileURLToPath(new URL('../', import.meta.url));

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length));
}

/** Code the browser loads: the app, the engine and the browser tests. */
const browserCode = [...filesUnder('src'), ...filesUnder('engine')].filter(
  (file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && (!/\.test\.tsx?$/.test(file) || /\.browser\.test\.tsx?$/.test(file)),
);

/** Packages imported for their code (not types only), by their import path. */
function packagesImportedBy(file: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  return [...source.matchAll(/^import (?!type )[^;]*? from '([^.'][^']*)'/gm)].map((match) => match[1]!);
}

// A package Vite first meets in the middle of the browser tests makes it re-bundle and reload the
// page, and the tests then run against two copies of React.
test('every package the browser code imports is bundled by Vite before the browser tests start', () => {
  const included = new Set(config.optimizeDeps?.include ?? []);
  const excluded = config.optimizeDeps?.exclude ?? [];
  const covered = (name: string) => included.has(name) || excluded.some((entry) => name === entry || name.startsWith(`${entry}/`));
  const vitestOwn = (name: string) => name === 'vitest' || name.startsWith('vitest/');
  // Modules a Vite plugin provides (virtual:pwa-register) are no packages to bundle.
  const virtual = (name: string) => name.startsWith('virtual:');
  const unlisted = [...new Set(browserCode.flatMap(packagesImportedBy))].filter((name) => !covered(name) && !vitestOwn(name) && !virtual(name));
  expect(unlisted).toEqual([]);
});
