import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assetAddress, tcgdexAssetsBase } from '../../catalog/asset-address.ts';

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

/** Tries `{address}/high.webp` then `high.png`: the host may serve either. Network errors and 5xx are retried. */
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
  const get = source.fetch ?? fetch;
  const url = assetAddress(address, source.assetsBaseUrl) ?? address;
  const retries = source.retries ?? 3;
  const delay = source.retryDelayMs ?? 500;
  let lastProblem = 'not found';
  for (const name of names.slice(0, 2)) {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await get(`${url}/${name}`, { signal: AbortSignal.timeout(30_000) });
        if (response.ok) return new Uint8Array(await response.arrayBuffer());
        lastProblem = `answered ${response.status}`;
        if (response.status < 500 || attempt >= retries) break;
      } catch (error) {
        lastProblem = (error as Error).message;
        if (attempt >= retries) break;
      }
      await new Promise((resolve) => setTimeout(resolve, delay * 2 ** attempt));
    }
  }
  throw new ImageUnavailableError(`${url}/high.webp: ${lastProblem}`);
}
