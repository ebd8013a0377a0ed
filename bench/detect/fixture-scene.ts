import { SeededRandom } from '../../fixtures/identify/seeded-random.ts';
import type { Box } from '../../engine/preprocess/letterbox-geometry.ts';
import type { RgbaImage } from './rgba-image.ts';

type Rgb = [number, number, number];

/** What a fixture photo shows, and so what it tests. */
export type SceneKind = 'card' | 'small-card' | 'dim-card' | 'cut-off-card' | 'two-cards' | 'card-unannotated' | 'table' | 'paper-sheet' | 'bright-strip' | 'lamp-glare';

export interface Scene {
  image: RgbaImage;
  /** Visible card boxes in pixels; null for 'card-unannotated'. */
  boxes: Box[] | null;
  cardPresent: boolean;
}

const CARD_ASPECT = 63 / 88;

/** A dark table photographed from above: low-frequency shading and faint wood grain, no per-pixel noise (keeps JPEGs small). */
function table(width: number, height: number, rng: SeededRandom): RgbaImage {
  const base: Rgb = rng.pick<Rgb>([
    [52, 38, 28],
    [38, 40, 46],
    [30, 44, 36],
    [58, 50, 44],
  ]);
  const grain = rng.range(0.02, 0.06);
  const phase = rng.range(0, 6.28);
  const tilt = rng.range(-0.3, 0.3);
  const light = { x: rng.range(0.2, 0.8) * width, y: rng.range(0.2, 0.8) * height };
  const data = new Uint8Array(width * height * 4);
  const diagonal = Math.hypot(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const shade = 1.25 - (0.5 * Math.hypot(x - light.x, y - light.y)) / diagonal;
      const wave = 1 + 0.12 * Math.sin((y + tilt * x) * grain + phase) * Math.sin(x * 0.004 + phase);
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) data[i + c] = Math.min(255, base[c]! * shade * wave);
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}

function fill(image: RgbaImage, x0: number, y0: number, w: number, h: number, colour: Rgb, radius = 0): void {
  const x1 = Math.min(image.width, Math.ceil(x0 + w));
  const y1 = Math.min(image.height, Math.ceil(y0 + h));
  for (let y = Math.max(0, Math.floor(y0)); y < y1; y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < x1; x++) {
      if (radius > 0) {
        const dx = Math.max(x0 + radius - x, 0, x - (x0 + w - radius));
        const dy = Math.max(y0 + radius - y, 0, y - (y0 + h - radius));
        if (dx * dx + dy * dy > radius * radius) continue;
      }
      const i = (y * image.width + x) * 4;
      image.data[i] = colour[0];
      image.data[i + 1] = colour[1];
      image.data[i + 2] = colour[2];
    }
  }
}

function ellipse(image: RgbaImage, cx: number, cy: number, rx: number, ry: number, colour: Rgb): void {
  for (let y = Math.max(0, Math.floor(cy - ry)); y < Math.min(image.height, Math.ceil(cy + ry)); y++) {
    for (let x = Math.max(0, Math.floor(cx - rx)); x < Math.min(image.width, Math.ceil(cx + rx)); x++) {
      const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
      if (d > 1) continue;
      const i = (y * image.width + x) * 4;
      // Soft falloff, as a reflection blooms on a glossy table.
      const t = Math.min(1, 1.6 * (1 - d));
      for (let c = 0; c < 3; c++) image.data[i + c] = image.data[i + c]! * (1 - t) + colour[c]! * t;
    }
  }
}

const scale = (c: Rgb, k: number): Rgb => [c[0] * k, c[1] * k, c[2] * k];

/** A trading card: light border, artwork panel, name bar and text lines. `brightness` 1 is a well-lit card. */
function card(image: RgbaImage, box: Box, rng: SeededRandom, brightness = 1): void {
  const border = scale(rng.pick<Rgb>([[238, 226, 140], [236, 236, 232], [214, 220, 228]]), brightness);
  const art = scale(rng.pick<Rgb>([[170, 210, 236], [236, 190, 160], [190, 226, 170], [226, 200, 230]]), brightness);
  const ink = scale([90, 80, 70], brightness);
  const m = box.w * 0.06;
  fill(image, box.x, box.y, box.w, box.h, border, box.w * 0.045);
  fill(image, box.x + m, box.y + box.h * 0.11, box.w - 2 * m, box.h * 0.42, art);
  fill(image, box.x + m, box.y + box.h * 0.045, box.w * 0.5, Math.max(1, box.h * 0.025), ink);
  for (let line = 0; line < 4; line++) {
    fill(image, box.x + m, box.y + box.h * (0.6 + line * 0.08), (box.w - 2 * m) * rng.range(0.5, 0.95), Math.max(1, box.h * 0.012), ink);
  }
}

function cardBox(width: number, height: number, rng: SeededRandom, widthShare: number, centred = true): Box {
  const w = Math.min(width * widthShare, (height * 0.92) * CARD_ASPECT);
  const h = w / CARD_ASPECT;
  const slackX = width - w;
  const slackY = height - h;
  const x = centred ? slackX * rng.range(0.3, 0.7) : slackX * rng.pick([rng.range(0.02, 0.15), rng.range(0.85, 0.98)]);
  const y = slackY * rng.range(0.25, 0.75);
  return { x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h) };
}

/** Part of the box inside the photo. */
function visible(box: Box, width: number, height: number): Box {
  const x1 = Math.max(0, box.x);
  const y1 = Math.max(0, box.y);
  return { x: x1, y: y1, w: Math.min(width, box.x + box.w) - x1, h: Math.min(height, box.y + box.h) - y1 };
}

export function renderScene(kind: SceneKind, width: number, height: number, seed: number): Scene {
  const rng = new SeededRandom(seed);
  const image = table(width, height, rng);
  switch (kind) {
    case 'card':
    case 'card-unannotated': {
      const box = cardBox(width, height, rng, rng.range(0.32, 0.62), rng.chance(0.75));
      card(image, box, rng);
      return { image, boxes: kind === 'card' ? [box] : null, cardPresent: true };
    }
    case 'small-card': {
      const box = cardBox(width, height, rng, rng.range(0.12, 0.18));
      card(image, box, rng);
      return { image, boxes: [box], cardPresent: true };
    }
    case 'dim-card': {
      const box = cardBox(width, height, rng, rng.range(0.4, 0.6));
      card(image, box, rng, rng.range(0.36, 0.45));
      return { image, boxes: [box], cardPresent: true };
    }
    case 'cut-off-card': {
      const full = cardBox(width, height, rng, rng.range(0.45, 0.6));
      const shifted = { ...full, x: rng.chance(0.5) ? -Math.round(full.w * 0.3) : Math.round(width - full.w * 0.7) };
      card(image, shifted, rng);
      return { image, boxes: [visible(shifted, width, height)], cardPresent: true };
    }
    case 'two-cards': {
      const w = Math.round(width * rng.range(0.3, 0.36));
      const h = Math.round(w / CARD_ASPECT);
      const gap = Math.round(width * rng.range(0.06, 0.12));
      const x = Math.round((width - 2 * w - gap) / 2);
      const y = Math.round((height - h) * rng.range(0.3, 0.7));
      const boxes = [
        { x, y, w, h },
        { x: x + w + gap, y: y + Math.round(rng.range(-0.05, 0.05) * h), w, h },
      ];
      for (const b of boxes) card(image, b, rng);
      return { image, boxes, cardPresent: true };
    }
    case 'table':
      if (rng.chance(0.5)) fill(image, width * rng.range(0.1, 0.5), height * rng.range(0.1, 0.5), width * 0.3, height * 0.2, [24, 22, 20], 6);
      return { image, boxes: [], cardPresent: false };
    case 'paper-sheet': {
      const w = width * rng.range(0.45, 0.6);
      fill(image, (width - w) / 2, height * 0.2, w, w / 0.707, [232, 232, 226]);
      return { image, boxes: [], cardPresent: false };
    }
    case 'bright-strip':
      fill(image, width * 0.05, height * rng.range(0.3, 0.6), width * 0.9, height * 0.1, [228, 224, 210]);
      return { image, boxes: [], cardPresent: false };
    case 'lamp-glare':
      ellipse(image, width * rng.range(0.35, 0.65), height * rng.range(0.35, 0.65), width * 0.22, width * 0.22, [250, 248, 236]);
      return { image, boxes: [], cardPresent: false };
  }
}
