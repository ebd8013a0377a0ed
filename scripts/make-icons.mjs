// Writes the app's install icons (public/icons/icon-192.png, icon-512.png and a maskable 512) from card-lens.svg.
// Run: node scripts/make-icons.mjs — the PNGs are committed, so a build needs no image tools.
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const icons = fileURLToPath(new URL('../public/icons/', import.meta.url));
const source = `${icons}card-lens.svg`;
const background = '#ffffff';

for (const size of [192, 512]) {
  await sharp(source, { density: 72 * (size / 64) }).resize(size, size).png({ compressionLevel: 9 }).toFile(`${icons}icon-${size}.png`);
}
// A maskable icon keeps its drawing inside the central 80% safe zone, on white.
const inner = Math.round(512 * 0.7);
const drawing = await sharp(source, { density: 72 * (inner / 64) }).resize(inner, inner).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background } })
  .composite([{ input: drawing, gravity: 'center' }])
  .png({ compressionLevel: 9 })
  .toFile(`${icons}icon-maskable-512.png`);
