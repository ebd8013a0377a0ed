export const tcgdexAssetsBase = 'https://assets.tcgdex.net';

/** Points a stored TCGdex image address at the configured host (a local mirror with the same paths). */
export function assetAddress(stored: string | null, assetsBaseUrl: string): string | null {
  if (stored === null || assetsBaseUrl === tcgdexAssetsBase) return stored;
  return stored.startsWith(`${tcgdexAssetsBase}/`) ? assetsBaseUrl + stored.slice(tcgdexAssetsBase.length) : stored;
}
