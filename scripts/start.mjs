// `npm start`: everything Card Lens needs on one machine, from a fresh clone.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
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
  const started = Date.now();
  console.log('Building the app (it takes 10 to 20 seconds on two cores, once after each change)...');
  // Always a production build: started from a test run, NODE_ENV is 'test', and React would ship its
  // development build, several times slower on every render.
  run('npm', ['run', '--silent', 'build', '--', '--logLevel', 'warn'], { env: { ...process.env, NODE_ENV: 'production' } });
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/** Runs the server in the foreground and passes Ctrl-C or a stop request on to it. */
function serve() {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

ensureDependencies();
ensureBuild();
serve();
