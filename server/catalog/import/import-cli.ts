// `npm run catalog:import -- <file|url> [--languages en,fr] [--sets sv01,sv02] [--concurrency 8]`
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { databaseOptionsFromConfig } from '../../db/database-options.ts';
import { DataFolderInUseError } from '../../db/data-folder-lock.ts';
import { openDatabase } from '../../db/open-database.ts';
import { ConfigError, readConfig } from '../../env.ts';
import { runCli } from '../../run-cli.ts';
import { importCatalog } from './import-catalog.ts';
import { ImportError } from './normalize-tcgdex.ts';
import { createProgressBar } from './progress-bar.ts';
import { readTcgdexApi } from './read-tcgdex-api.ts';
import { readTcgdexFile } from './read-tcgdex-file.ts';
import type { CatalogSource } from './tcgdex-catalog.ts';

const usage = `Usage: npm run catalog:import -- <file|url> [options]

  <file>            a catalogue in the demo format ({"sets": [...], "cards": [...]})
  <url>.json        the same format over HTTP
  <url>             a TCGdex REST API v2 root, e.g. https://api.tcgdex.net/v2 or a mirror

Options for an API root:
  --languages en,fr   languages to import (default: en)
  --sets sv01,sv02    TCGdex set ids (default: every set of each language)
  --concurrency 8     card requests in flight

The database is DATABASE_URL when set, else PGlite in DATA_DIR (default ./data). A PGlite folder
belongs to one process at a time: stop a server that uses it first.`;

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

async function openSource(target: string, values: { languages?: string; sets?: string; concurrency?: string }): Promise<CatalogSource> {
  if (/^https?:\/\//i.test(target)) {
    if (new URL(target).pathname.endsWith('.json')) {
      const response = await fetch(target);
      if (!response.ok) throw new ImportError(`GET ${target} answered ${response.status}`);
      return readTcgdexFile(await response.json());
    }
    const concurrency = Number(values.concurrency ?? 8);
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new ImportError('--concurrency must be a positive integer');
    const languages = list(values.languages);
    return readTcgdexApi({
      baseUrl: target,
      languages: languages.length > 0 ? languages : ['en'],
      sets: list(values.sets),
      concurrency,
    });
  }
  if (!existsSync(target)) throw new ImportError(`no such file: ${target}`);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(target, 'utf8'));
  } catch (error) {
    throw new ImportError(`${target} is not JSON: ${(error as Error).message}`);
  }
  return readTcgdexFile(json);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      languages: { type: 'string' },
      sets: { type: 'string' },
      concurrency: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const config = readConfig();
  const source = await openSource(positionals[0]!, values);
  const db = await openDatabase(databaseOptionsFromConfig(config));
  try {
    await importCatalog(db, source, createProgressBar('Importing', source.size));
  } finally {
    await db.destroy();
  }
  return 0;
}

await runCli('Import failed', main, [ImportError, ConfigError, DataFolderInUseError]);
