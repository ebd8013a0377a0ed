// `npm run catalog:index -- [--images <dir>] [--force] [--concurrency 6]`
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createProgressBar } from '../../catalog/import/progress-bar.ts';
import { databaseOptionsFromConfig } from '../../db/database-options.ts';
import { DataFolderInUseError } from '../../db/data-folder-lock.ts';
import { openDatabase } from '../../db/open-database.ts';
import { ConfigError, readConfig } from '../../env.ts';
import { runCli } from '../../run-cli.ts';
import { createFingerprintRepository } from './fingerprint-repository.ts';
import { indexCatalog } from './index-catalog.ts';

const usage = `Usage: npm run catalog:index -- [options]
Builds the card fingerprints identification searches, for every imported printing with an image.
Printings whose image and fingerprint version are unchanged are skipped.
  --images <dir>      read images from a folder with the image host's paths
                      ({dir}/{lang}/{serie}/{set}/{localId}/high.webp or high.png) instead of downloading
  --force             recompute every fingerprint
  --concurrency 6     images loaded at once
Images are downloaded from ASSETS_BASE_URL (default https://assets.tcgdex.net). The database is
DATABASE_URL when set, else PGlite in DATA_DIR (default ./data); stop a server that uses the same
PGlite folder first, and restart it afterwards.`;

class UsageError extends Error {}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      images: { type: 'string' },
      force: { type: 'boolean' },
      concurrency: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.error(usage);
    return 0;
  }
  const concurrency = Number(values.concurrency ?? 6);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError('--concurrency must be a positive integer');
  const imagesDir = values.images === undefined ? undefined : resolve(values.images);
  if (imagesDir !== undefined && !existsSync(imagesDir)) throw new UsageError(`no such folder: ${imagesDir}`);
  const config = readConfig();
  const db = await openDatabase(databaseOptionsFromConfig(config));
  try {
    const summary = await indexCatalog(createFingerprintRepository(db), {
      assetsBaseUrl: config.assetsBaseUrl,
      imagesDir,
      force: values.force ?? false,
      concurrency,
      progress: (total) => createProgressBar('Indexing', total),
    });
    for (const problem of summary.problems) console.error(`  skipped ${problem}`);
    if (summary.skipped > summary.problems.length) console.error(`  ... and ${summary.skipped - summary.problems.length} more`);
  } finally {
    await db.destroy();
  }
  return 0;
}

await runCli('Indexing failed', main, [UsageError, ConfigError, DataFolderInUseError]);
