import sharp from 'sharp';
import { photoLimits } from '../decode/photo-limits.ts';
import { cardHeight, cardWidth } from '../geometry/card-regions.ts';
import { fingerprintCard, type CardFingerprint } from './card-fingerprint.ts';

/** Fingerprint of a catalogue image (a straight scan of the card): only resized, never searched for an outline. */
export async function fingerprintCardImage(bytes: Uint8Array): Promise<CardFingerprint> {
  // A catalogue image larger than any photo accepted is a decompression bomb, not a card.
  const { data, info } = await sharp(bytes, { limitInputPixels: photoLimits.maxPixels })
    .flatten({ background: '#ffffff' })
    .resize(cardWidth, cardHeight, { fit: 'fill' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
  return fingerprintCard({ width: cardWidth, height: cardHeight, channels: 3, data: new Uint8Array(data.buffer, data.byteOffset, data.length) });
}
