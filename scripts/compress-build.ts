import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text and WebAssembly: the kinds that shrink. Images and fonts are compressed already. */
const compressible = /\.(?:html|js|mjs|css|json|webmanifest|svg|txt|wasm|onnx)$/;
/** Below this a file fits in one packet; its compressed copy saves nothing a phone would notice. */
const smallestWorthCompressing = 1024;
/** A copy that keeps more than this share of the bytes is not worth a second file. */
const largestUsefulRatio = 0.95;

export interface CompressedFile {
  file: string;
  raw: number;
  brotli: number;
  gzip: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `name.br` (Brotli, best quality) and `name.gz` (gzip, level 9) beside each text and
 * WebAssembly file of a built folder, for the server to send the one a client accepts.
 */
export async function compressBuild(dir: string): Promise<CompressedFile[]> {
  const files = (await filesUnder(dir)).filter((file) => compressible.test(file));
  const written = await Promise.all(
    files.map(async (file): Promise<CompressedFile | undefined> => {
      const raw = await readFile(file);
      if (raw.length < smallestWorthCompressing) return undefined;
      const [br, gz] = await Promise.all([
        brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzipAsync(raw, { level: 9 }),
      ]);
      if (gz.length > raw.length * largestUsefulRatio) return undefined;
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      return { file, raw: raw.length, brotli: br.length, gzip: gz.length };
    }),
  );
  return written.filter((entry) => entry !== undefined);
}

/** Compresses the build's output once it is written, public files included. */
export function compressBuildPlugin(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'compress-build',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    // Last of all, after the service worker and its manifest are written.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = await compressBuild(outDir);
        const sum = (key: 'raw' | 'brotli' | 'gzip') => files.reduce((total, entry) => total + entry[key], 0);
        logger?.info(`compressed ${files.length} files: ${sum('raw')} bytes, ${sum('gzip')} gzip, ${sum('brotli')} Brotli`);
      },
    },
  };
}
