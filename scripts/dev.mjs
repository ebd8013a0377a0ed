// `npm run dev`: the API on PORT and Vite's dev server (with hot reload) proxying to it.
import { spawn } from 'node:child_process';
import { ensureDependencies } from './ensure-install.mjs';

ensureDependencies();
const children = [
  spawn('npx', ['tsx', 'watch', 'server/server.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, VITE_DEV_PROXY: '1' } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
