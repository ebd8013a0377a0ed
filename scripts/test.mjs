// `npm test`: every suite, after installing whatever a fresh machine lacks.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, run } from './ensure-install.mjs';
import { findChromium } from './chromium.mjs';

function ensureChromium() {
  if (findChromium()) return;
  if (process.getuid?.() === 0) {
    console.log("Installing Debian's chromium for the browser tests...");
    run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
    return;
  }
  console.error(
    "The browser tests need Debian's Chromium and it is not installed.\n" +
      'Install it with:  sudo apt-get install chromium   (or set CHROMIUM_PATH to a Chromium executable)',
  );
  process.exit(1);
}

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? testFiles(join(dir, entry.name)) : entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Says before the run what will not run here: the suites that need PostgreSQL, when none is configured. */
function sayWhatIsSkipped() {
  if (process.env.TEST_DATABASE_URL) return;
  const needPostgres = ['server', 'e2e'].flatMap(testFiles).filter((file) => /describe\.skipIf\(/.test(readFileSync(file, 'utf8')));
  console.log(
    'TEST_DATABASE_URL is not set: the database tests run on the embedded PGlite only, and these suites, ' +
      `which need PostgreSQL itself, are skipped:\n${needPostgres.map((file) => `  ${file}`).join('\n')}\n` +
      '(.ci/run starts a PostgreSQL and sets it; set it yourself to run them.)',
  );
}

ensureDependencies();
ensureChromium();
run('npm', ['run', '--silent', 'i18n:verify']);
run('npm', ['run', '--silent', 'i18n:compile']);
run('npm', ['run', '--silent', 'typecheck']);
run('npx', ['eslint', '.']);
sayWhatIsSkipped();
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
