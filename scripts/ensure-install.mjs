// Runs before anything else on a fresh clone, so it may only use Node's built-ins.
import { existsSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n'${[command, ...args].join(' ')}' failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

/** Installs the npm dependencies when they are missing or older than the lock file. */
export function ensureDependencies() {
  const installed = mtime('node_modules/.package-lock.json');
  const wanted = existsSync('package-lock.json') ? mtime('package-lock.json') : mtime('package.json');
  if (installed !== 0 && installed >= wanted) return;
  console.log('Installing dependencies (first run)...');
  const args = existsSync('package-lock.json') ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  run('npm', args, { env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' } });
}
