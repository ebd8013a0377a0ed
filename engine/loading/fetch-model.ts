import type { BasicModeReason, LoadProgress } from '../api.ts';

export class ModelLoadError extends Error {
  readonly code: BasicModeReason['code'];
  constructor(code: BasicModeReason['code'], message: string) {
    super(message);
    this.name = 'ModelLoadError';
    this.code = code;
  }
}

// ONNX files are protobuf; an HTML page here means a server answered a missing file with its app shell.
const HTML_TYPE = /text\/html/i;

/** Downloads a model, reporting bytes as they arrive; failures become ModelLoadError with a stable code. */
export async function fetchModel(url: string, onProgress?: (progress: LoadProgress) => void, fetchImpl: typeof fetch = fetch): Promise<Uint8Array> {
  if (url.trim() === '') throw new ModelLoadError('no-model-url', 'Model URL is empty');
  let response: Response;
  try {
    response = await fetchImpl(url);
  } catch (error) {
    throw new ModelLoadError('network-error', `Could not fetch ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new ModelLoadError('http-error', `HTTP ${response.status} for ${url}`);
  const contentType = response.headers.get('content-type') ?? '';
  if (HTML_TYPE.test(contentType)) throw new ModelLoadError('not-a-model', `${url} answered ${contentType}, not an ONNX model`);

  const declared = Number(response.headers.get('content-length'));
  // Compressed responses declare the encoded size, which would make progress overshoot.
  const total = Number.isFinite(declared) && declared > 0 && !response.headers.get('content-encoding') ? declared : null;
  onProgress?.({ loaded: 0, total });
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    onProgress?.({ loaded: bytes.byteLength, total: bytes.byteLength });
    return bytes;
  }

  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      onProgress?.({ loaded, total });
    }
  } catch (error) {
    throw new ModelLoadError('network-error', `Download of ${url} failed after ${loaded} bytes: ${error instanceof Error ? error.message : String(error)}`);
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  if (total === null || total !== loaded) onProgress?.({ loaded, total: loaded });
  return bytes;
}
