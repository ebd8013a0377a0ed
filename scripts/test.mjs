// `npm test`: every suite, after installing whatever a fresh machine lacks.
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

ensureDependencies();
ensureChromium();
run('npm', ['run', '--silent', 'i18n:verify']);
run('npm', ['run', '--silent', 'i18n:compile']);
run('npm', ['run', '--silent', 'typecheck']);
run('npx', ['eslint', '.']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
