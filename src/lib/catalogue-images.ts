/** Card images are base addresses; the screens show the high-quality webp rendition. */
export function cardImageUrl(image: string | null | undefined): string | undefined {
  if (!image) return undefined;
  if (/\/high\.png$/.test(image)) return image.replace(/\.png$/, '.webp');
  if (/\.(webp|png|jpe?g)$/.test(image)) return image;
  return `${image.replace(/\/$/, '')}/high.webp`;
}

/** Set logos and symbols are base addresses without an extension. */
export function setImageUrl(base: string | null | undefined): string | undefined {
  if (!base) return undefined;
  return /\.(webp|png|jpe?g)$/.test(base) ? base : `${base}.webp`;
}
