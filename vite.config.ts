import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { chromiumArgs, findChromium } from './scripts/chromium.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const ortFiles = ['ort-wasm-simd-threaded.mjs', 'ort-wasm-simd-threaded.wasm'];

// The runtime's wasm is served from /ort/ rather than bundled, so the worker fetches it once and caches it.
function copyOrtRuntime(): Plugin {
  return {
    name: 'copy-ort-runtime',
    buildStart() {
      const target = `${root}public/ort`;
      mkdirSync(target, { recursive: true });
      for (const file of ortFiles) {
        copyFileSync(`${root}node_modules/onnxruntime-web/dist/${file}`, `${target}/${file}`);
      }
    },
  };
}

const browserProvider = playwright({
  launchOptions: { executablePath: findChromium(), args: chromiumArgs },
});

export default defineConfig({
  plugins: [react(), copyOrtRuntime()],
  resolve: { conditions: ['onnxruntime-web-use-extern-wasm'] },
  optimizeDeps: { exclude: ['onnxruntime-web'] },
  worker: { format: 'es' },
  server: { port: 5173 },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'engine-tests/node/**/*.test.ts'],
          exclude: ['**/*.browser.test.*'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.browser.test.{ts,tsx}', 'engine-tests/browser/**/*.test.ts'],
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            provider: browserProvider,
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
