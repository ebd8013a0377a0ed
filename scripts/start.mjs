// `npm start`: everything Card Lens needs on one machine, from a fresh clone.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, run } from './ensure-install.mjs';

const appSources = ['src', 'engine', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

function ensureBuild() {
  const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
  const sources = Math.max(...appSources.filter((p) => p !== 'public' || existsSync(p)).map(newest));
  if (built >= sources) return;
  console.log('Building the app...');
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
}

ensureDependencies();
ensureBuild();
run('npx', ['tsx', 'server/server.ts']);
