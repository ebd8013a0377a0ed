// `npm start`: everything Card Lens needs on one machine, from a fresh clone.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, run } from './ensure-install.mjs';

const appSources = ['src', 'engine', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const generated = new Set(['src/i18n/compiled', 'public/ort']);

function newestChange(path) {
  if (!existsSync(path) || generated.has(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newestChange(join(path, name))), stat.mtimeMs);
}

/** Builds the app when it was never built or a source changed since. */
function ensureBuild() {
  const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
  if (built >= Math.max(...appSources.map(newestChange))) return;
  console.log('Building the app...');
  run('npm', ['run', '--silent', 'build', '--', '--logLevel', 'warn']);
}

ensureDependencies();
ensureBuild();
run('npx', ['tsx', 'server/server.ts']);
