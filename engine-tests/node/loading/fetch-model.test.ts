import { expect, test } from 'vitest';
import type { LoadProgress } from '../../../engine/api.ts';
import { fetchModel, ModelLoadError } from '../../../engine/loading/fetch-model.ts';

function streamingResponse(chunks: number[], headers: Record<string, string> = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(7));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

test('reports bytes loaded against the declared total, then returns the whole file', async () => {
  const progress: LoadProgress[] = [];
  const bytes = await fetchModel('/m.onnx', (p) => progress.push(p), async () => streamingResponse([100, 250, 50], { 'content-length': '400' }));
  expect(bytes).toHaveLength(400);
  expect(progress).toEqual([
    { loaded: 0, total: 400 },
    { loaded: 100, total: 400 },
    { loaded: 350, total: 400 },
    { loaded: 400, total: 400 },
  ]);
});

test('without a declared size, total is unknown until the end', async () => {
  const progress: LoadProgress[] = [];
  await fetchModel('/m.onnx', (p) => progress.push(p), async () => streamingResponse([10, 20]));
  expect(progress.at(0)).toEqual({ loaded: 0, total: null });
  expect(progress.at(-1)).toEqual({ loaded: 30, total: 30 });
});

test.each([
  ['a 404', async () => new Response('nope', { status: 404 }), 'http-error', /HTTP 404/],
  ['an HTML page', async () => new Response('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } }), 'not-a-model', /not an ONNX model/],
  ['a network failure', async () => { throw new TypeError('Failed to fetch'); }, 'network-error', /Failed to fetch/],
])('%s becomes a coded load error', async (_name, fetchImpl, code, message) => {
  const error = await fetchModel('/m.onnx', undefined, fetchImpl as typeof fetch).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ModelLoadError);
  expect(error).toMatchObject({ code, message: expect.stringMatching(message) });
});

test('an empty address is refused before any request', async () => {
  await expect(fetchModel('  ', undefined, () => Promise.reject(new Error('not called')))).rejects.toMatchObject({ code: 'no-model-url', message: 'Model URL is empty' });
});
