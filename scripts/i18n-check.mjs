// Fails when a text in the code is missing from the English catalogue, or a French text is missing or malformed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const messagesDir = 'src/i18n/messages';

function formatjs(args) {
  const result = spawnSync('npx', ['formatjs', ...args], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

const scratch = mkdtempSync(join(tmpdir(), 'i18n-'));
try {
  const extracted = join(scratch, 'en.json');
  const extract = formatjs(['extract', 'src/**/*.{ts,tsx}', '--ignore', 'src/**/*.d.ts', '--format', 'simple', '--out-file', extracted]);
  if (!extract.ok) throw new Error(`formatjs extract failed:\n${extract.output}`);
  const inCode = JSON.parse(readFileSync(extracted, 'utf8'));
  const english = JSON.parse(readFileSync(`${messagesDir}/en.json`, 'utf8'));
  const stale = Object.keys(inCode).filter((id) => english[id] !== inCode[id]);
  const unused = Object.keys(english).filter((id) => !(id in inCode));
  if (stale.length || unused.length) {
    throw new Error(
      `${messagesDir}/en.json is out of date with the code (run 'npm run i18n:extract'):\n` +
        [...stale.map((id) => `  changed or missing: ${id}`), ...unused.map((id) => `  no longer used: ${id}`)].join('\n'),
    );
  }
  const verify = formatjs(['verify', '--source-locale', 'en', '--missing-keys', '--extra-keys', '--structural-equality', `${messagesDir}/en.json`, `${messagesDir}/fr.json`]);
  if (!verify.ok) throw new Error(`French messages do not match the English ones:\n${verify.output}`);
  console.log(`i18n: ${Object.keys(english).length} messages, English and French complete.`);
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
