import sharp from 'sharp';
import { photoLimits } from './photo-limits.ts';
import { PhotoRejected } from './photo-rejected.ts';
import type { RasterImage } from '../image/raster-image.ts';
import { sniffImageType } from './sniff-image-type.ts';

// What the API documents; other formats sharp could read are refused by name rather than half-supported.
const accepted = ['jpeg', 'png', 'webp'];

/**
 * Checks an upload and decodes it upright (EXIF orientation applied) into RGB pixels no larger
 * than `maxSide`. Anything the client got wrong is a PhotoRejected with a message a person can act on.
 */
export async function decodePhoto(bytes: Uint8Array, maxSide: number): Promise<RasterImage> {
  return (await decodePhotoScaled(bytes, maxSide)).image;
}

/** As decodePhoto, with the uploaded photo's pixels per decoded pixel (upright; 1 when it was not shrunk). */
export async function decodePhotoScaled(bytes: Uint8Array, maxSide: number): Promise<{ image: RasterImage; scale: number }> {
  const type = sniffImageType(bytes);
  if (type === undefined) {
    throw new PhotoRejected('not_an_image', 'The file is not an image: send a JPEG, PNG or WebP photo of the card');
  }
  if (!accepted.includes(type)) {
    throw new PhotoRejected('unsupported_format', `${type.toUpperCase()} images are not supported: send a JPEG, PNG or WebP photo of the card`);
  }
  let width: number;
  let height: number;
  let uprightWidth: number;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = metadata.width;
    height = metadata.height;
    uprightWidth = metadata.autoOrient.width;
  } catch {
    throw new PhotoRejected('unreadable', `The ${type.toUpperCase()} image is corrupt or truncated and cannot be read`);
  }
  if (width * height > photoLimits.maxPixels) {
    const megapixels = ((width * height) / 1e6).toFixed(1);
    throw new PhotoRejected('too_many_pixels', `The image is ${width}x${height} (${megapixels} megapixels); the limit is ${photoLimits.maxPixels / 1e6} megapixels`);
  }
  try {
    // 'warning' is sharp's advice for untrusted input: a JPEG whose header promises more pixels than its
    // data holds decodes with only a warning, and would otherwise be answered from grey filler.
    const { data, info } = await sharp(bytes, { failOn: 'warning', limitInputPixels: photoLimits.maxPixels, pages: 1 })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
    const image: RasterImage = { width: info.width, height: info.height, channels: 3, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
    return { image, scale: uprightWidth / info.width };
  } catch {
    throw new PhotoRejected('unreadable', `The ${type.toUpperCase()} image is corrupt or truncated and cannot be read`);
  }
}
