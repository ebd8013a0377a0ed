import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { playwright } from '@vitest/browser-playwright';
import { chromiumArgs, findChromium } from './scripts/chromium.mjs';
import { compressBuildPlugin } from './scripts/compress-build.ts';
import { forwardToTestApi } from './scripts/forward-to-test-api.ts';

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

// The dev server answers unknown paths with index.html; a missing model must be a 404 so the engine can say why it fell back.
function missingModelsAre404(): Plugin {
  return {
    name: 'missing-models-are-404',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]!;
        if (!path.endsWith('.onnx')) return next();
        const file = decodeURIComponent(path);
        const candidates = file.startsWith('/@fs/') ? [file.slice(4)] : [`${root}public${file}`, `${root}${file.slice(1)}`];
        if (candidates.some((candidate) => existsSync(candidate))) return next();
        res.statusCode = 404;
        res.end('Not found');
      });
    },
  };
}

// Paths the server answers itself: a navigation to them must reach the network, never the cached app shell.
const serverPaths = [/^\/v1\//, /^\/realms\//, /^\/config/, /^\/health/, /^\/openapi/, /^\/dev\//, /^\/identity-assets\//, /^\/silent-check-sso/];

/**
 * The web app manifest and a Workbox service worker that precaches the app shell, the runtime and the
 * models, so a second visit downloads none of them and the app opens with no network. A new version
 * waits for the user's "Reload to update" (registerType 'prompt'), never swapping mid-scan.
 */
function installableApp() {
  // The runtime and the detector keep their names from build to build; the precache is named after
  // their content, so a new runtime or model replaces the old cache whole.
  const ortAndModel = createHash('sha256');
  for (const file of [...ortFiles.map((name) => `node_modules/onnxruntime-web/dist/${name}`), 'public/models/card-detector.onnx']) {
    if (existsSync(`${root}${file}`)) ortAndModel.update(readFileSync(`${root}${file}`));
  }
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['icons/card-lens.svg'],
    manifest: {
      id: '/',
      name: 'Card Lens',
      short_name: 'Card Lens',
      description: 'Scan trading cards with your camera and keep your collection.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#1d4ed8',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/card-lens.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      // The browser runs the detector only; the other models in public/models are the server's.
      globPatterns: ['**/*.{html,js,mjs,css,svg,png,wasm,webmanifest}', 'models/card-detector.onnx'],
      // The chart library (115 KB gzip) draws prices fetched from the server: offline it has nothing to draw.
      globIgnores: ['**/amount-chart-*.js'],
      // The runtime's wasm is 14 MB before compression; it must be precached to scan offline.
      maximumFileSizeToCacheInBytes: 20 * 1024 * 1024,
      navigateFallback: 'index.html',
      navigateFallbackDenylist: serverPaths,
      cleanupOutdatedCaches: true,
      // The page that installed the first worker is controlled by it at once, so a new version found during that visit can be used too.
      clientsClaim: true,
      cacheId: `card-lens-${ortAndModel.digest('hex').slice(0, 12)}`,
      // Hashed names change with their content. The runtime and the detector are fetched through the
      // HTTP cache, so the copies the page has just downloaded are revalidated (304), not downloaded again.
      dontCacheBustURLsMatching: /^(?:assets|ort|models)\//,
    },
  });
}

const browserProvider = playwright({
  launchOptions: { executablePath: findChromium(), args: chromiumArgs },
});

export default defineConfig({
  plugins: [react(), copyOrtRuntime(), missingModelsAre404(), installableApp(), compressBuildPlugin()],
  resolve: { conditions: ['onnxruntime-web-use-extern-wasm'] },
  optimizeDeps: {
    // Listed up front so the browser tests never see Vite re-bundle dependencies mid-run.
    include: ['react', 'react-dom', 'react-dom/client', 'react/jsx-dev-runtime', 'jotai', 'jotai/utils', 'react-intl', 'react-router', 'ky', 'comlink', 'axe-core', 'oidc-client-ts', 'idb', 'recharts'],
    exclude: ['onnxruntime-web', 'vitest-browser-react'],
  },
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
          include: ['server/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts', 'deploy/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/start-product.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        plugins: [forwardToTestApi('/v1/')],
        test: {
          name: 'browser',
          include: ['src/**/*.browser.test.{ts,tsx}', 'engine-tests/browser/**/*.test.ts'],
          globalSetup: ['scripts/browser-test-api.ts'],
          testTimeout: 30_000,
          // A first visit to a lazy screen makes Vite transform it; on a busy machine that takes seconds.
          expect: { poll: { timeout: 10_000 } },
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
