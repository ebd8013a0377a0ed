import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compressBuild } from '../../scripts/compress-build.ts';
import { registerStaticApp } from './static-app.ts';

/** A built app in miniature: the kinds of file `vite build` writes, each large enough to be worth compressing. */
const text = (line: string) => Array.from({ length: 400 }, (_, i) => `${line} ${i}`).join('\n');
const files: Record<string, Buffer> = {
  'index.html': Buffer.from(`<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${text('<p>x</p>')}</body></html>`),
  'assets/index-AbC123.js': Buffer.from(text('console.log("app")')),
  'assets/index-AbC123.css': Buffer.from(text('.card { color: red }')),
  'ort/ort-wasm-simd-threaded.wasm': Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(64 * 1024, 7)]),
  'models/card-detector.onnx': Buffer.concat([Buffer.from('onnx'), Buffer.alloc(32 * 1024, 3)]),
  'icons/icon.png': Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)),
};

describe('the built app on the wire', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'card-lens-static-'));
    for (const [name, bytes] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), bytes);
    }
    await compressBuild(dir);
    app = Fastify();
    await registerStaticApp(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

  test.each([
    ['/', 'index.html', 'text/html'],
    ['/assets/index-AbC123.js', 'assets/index-AbC123.js', 'javascript'],
    ['/assets/index-AbC123.css', 'assets/index-AbC123.css', 'text/css'],
    ['/ort/ort-wasm-simd-threaded.wasm', 'ort/ort-wasm-simd-threaded.wasm', 'application/wasm'],
    ['/models/card-detector.onnx', 'models/card-detector.onnx', ''],
  ])('%s is sent in Brotli, or gzip, to the client that accepts it, smaller, the same bytes once decoded', async (url, name, type) => {
    const original = files[name]!;
    const br = await get(url, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain(type);
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  test('an image, compressed already, is sent as it is', async () => {
    const response = await get('/icons/icon.png', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(files['icons/icon.png']!)).toBe(true);
  });

  test.each(['br', 'gzip', undefined])('hashed files are cached for a year as immutable (%s)', async (encoding) => {
    for (const url of ['/assets/index-AbC123.js', '/assets/index-AbC123.css']) {
      expect((await get(url, encoding)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  test.each(['br', undefined])('the page, the runtime, the models and the icons are revalidated at each use (%s)', async (encoding) => {
    for (const url of ['/', '/index.html', '/scan', '/collection/sets', '/ort/ort-wasm-simd-threaded.wasm', '/models/card-detector.onnx', '/icons/icon.png']) {
      const response = await get(url, encoding);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.etag, url).toBeDefined();
    }
  });

  test('a client route gets the page compressed too, and a revalidation with its etag answers 304 with no body', async () => {
    const first = await get('/scan', 'br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain('/assets/index-AbC123.js');
    const again = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'accept-encoding': 'br', 'if-none-match': String((await get('/', 'br')).headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});
