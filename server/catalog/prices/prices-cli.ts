// `npm run catalog:prices -- [<api root>] [--concurrency 8]`
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { databaseOptionsFromConfig } from '../../db/database-options.ts';
import { DataFolderInUseError } from '../../db/data-folder-lock.ts';
import { openDatabase } from '../../db/open-database.ts';
import { ConfigError, readConfig } from '../../env.ts';
import { runCli } from '../../run-cli.ts';
import { createProgressBar } from '../import/progress-bar.ts';
import { ImportError } from '../import/normalize-tcgdex.ts';
import { refreshPrices } from './refresh-prices.ts';

const usage = `Usage: npm run catalog:prices -- [<api root>] [--concurrency 8]

Reads the prices of every catalogued card again from the TCGdex REST API v2 (default TCGDEX_API_URL,
else https://api.tcgdex.net/v2) and writes only prices and marketplace ids. Exits with 1 when the
API cannot be reached (prices are then kept as they were).

The database is DATABASE_URL when set, else PGlite in DATA_DIR (default ./data).`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { concurrency: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length > 1) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1)) throw new ImportError('--concurrency must be a positive integer');
  const config = readConfig();
  const db = await openDatabase(databaseOptionsFromConfig(config));
  try {
    const cards = await db.selectFrom('printing').select(sql<string>`count(distinct (language, card_id))`.as('cards')).executeTakeFirstOrThrow();
    const summary = await refreshPrices(db, {
      baseUrl: positionals[0] ?? config.tcgdexApiUrl,
      ...(concurrency ? { concurrency } : {}),
      progress: createProgressBar('Prices', Number(cards.cards)),
      warn: (line) => console.error(line),
    });
    return summary.unreachable ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

await runCli('Price refresh failed', main, [ImportError, ConfigError, DataFolderInUseError]);
