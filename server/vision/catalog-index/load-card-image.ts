import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ky, { HTTPError } from 'ky';
import { assetAddress, tcgdexAssetsBase } from '../../catalog/asset-address.ts';
import { serverSettings } from '../../server-settings.ts';

export interface CardImageSource {
  /** Replaces https://assets.tcgdex.net in image addresses. */
  assetsBaseUrl: string;
  /** A local folder with the same paths as the image host; when set nothing is downloaded. */
  imagesDir?: string;
  retries?: number;
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

export class ImageUnavailableError extends Error {
  override name = 'ImageUnavailableError';
}

const names = ['high.webp', 'high.png', 'high.jpg'];

/** Tries `{address}/high.webp` then `high.png`: the host may serve either. Network errors, timeouts and 5xx are retried with backoff. */
export async function loadCardImage(address: string, source: CardImageSource): Promise<Uint8Array> {
  if (source.imagesDir !== undefined) {
    const base = address.startsWith(`${tcgdexAssetsBase}/`)
      ? address.slice(tcgdexAssetsBase.length + 1)
      : address.startsWith(`${source.assetsBaseUrl}/`)
        ? address.slice(source.assetsBaseUrl.length + 1)
        : new URL(address).pathname.slice(1);
    for (const name of names) {
      try {
        return await readFile(join(source.imagesDir, ...base.split('/').map(decodeURIComponent), name));
      } catch {
        // the next extension
      }
    }
    throw new ImageUnavailableError(`no image for ${address} in ${source.imagesDir}`);
  }
  const url = assetAddress(address, source.assetsBaseUrl) ?? address;
  const retries = source.retries ?? serverSettings.backgroundIndex.imageRetries.value;
  const delay = source.retryDelayMs ?? serverSettings.backgroundIndex.imageRetryDelayMs.value;
  const http = ky.create({
    timeout: serverSettings.backgroundIndex.imageTimeoutMs.value,
    retry: { limit: retries, retryOnTimeout: true, delay: (attempt) => delay * 2 ** (attempt - 1) },
    ...(source.fetch ? { fetch: source.fetch } : {}),
  });
  let lastProblem = 'not found';
  for (const name of names.slice(0, 2)) {
    try {
      return new Uint8Array(await http.get(`${url}/${name}`).arrayBuffer());
    } catch (error) {
      lastProblem = error instanceof HTTPError ? `answered ${error.response.status}` : (error as Error).message;
    }
  }
  throw new ImageUnavailableError(`${url}/high.webp: ${lastProblem}`);
}
