// `npm run catalog:import -- <file|url> [--languages en,fr] [--sets sv01,sv02] [--concurrency 8] [--all]`
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { databaseOptionsFromConfig } from '../../db/database-options.ts';
import { DataFolderInUseError } from '../../db/data-folder-lock.ts';
import { openDatabase } from '../../db/open-database.ts';
import { ConfigError, readConfig, type ServerConfig } from '../../env.ts';
import { runCli } from '../../run-cli.ts';
import { importCatalog } from './import-catalog.ts';
import { importEverything } from './import-everything.ts';
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
  --all               every set in every language TCGdex serves; an interrupted run is resumed
                      by the next one (the sets it imported are not read again)

The database is DATABASE_URL when set, else PGlite in DATA_DIR (default ./data). A PGlite folder
belongs to one process at a time: stop a server that uses it first.`;

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function positiveInteger(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new ImportError('--concurrency must be a positive integer');
  return number;
}

async function openSource(target: string, values: { languages?: string; sets?: string; concurrency?: string }): Promise<CatalogSource> {
  if (/^https?:\/\//i.test(target)) {
    if (new URL(target).pathname.endsWith('.json')) {
      const response = await fetch(target);
      if (!response.ok) throw new ImportError(`GET ${target} answered ${response.status}`);
      return readTcgdexFile(await response.json());
    }
    const languages = list(values.languages);
    return readTcgdexApi({
      baseUrl: target,
      languages: languages.length > 0 ? languages : ['en'],
      sets: list(values.sets),
      concurrency: positiveInteger(values.concurrency),
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

async function importAll(target: string, values: { languages?: string; sets?: string; concurrency?: string }, config: ServerConfig): Promise<number> {
  if (!/^https?:\/\//i.test(target) || new URL(target).pathname.endsWith('.json')) throw new ImportError('--all reads a TCGdex API root, e.g. https://api.tcgdex.net/v2');
  if (values.sets) throw new ImportError('--all imports every set: leave out --sets');
  const languages = list(values.languages);
  const db = await openDatabase(databaseOptionsFromConfig(config));
  try {
    const summary = await importEverything(db, {
      baseUrl: target,
      languages: languages.length > 0 ? languages : undefined,
      concurrency: positiveInteger(values.concurrency),
      progress: (total) => createProgressBar('Importing', total),
    });
    if (summary.resumedFrom) console.error(`Resumed the run started ${summary.resumedFrom.toISOString()}: ${summary.alreadyImported} sets were imported already.`);
  } finally {
    await db.destroy();
  }
  return 0;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      languages: { type: 'string' },
      sets: { type: 'string' },
      concurrency: { type: 'string' },
      all: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const config = readConfig();
  if (values.all) return importAll(positionals[0]!, values, config);
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
