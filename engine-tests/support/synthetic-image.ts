/** RGBA test images drawn in code, so tests need no binary fixtures. */
export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export type Rgb = [number, number, number];

export function solidImage(width: number, height: number, [r, g, b]: Rgb): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
    data[i + 3] = 255;
  }
  return { data, width, height };
}

export function fillRect(image: RgbaImage, x: number, y: number, w: number, h: number, [r, g, b]: Rgb): RgbaImage {
  for (let yy = Math.max(0, y); yy < Math.min(image.height, y + h); yy++) {
    for (let xx = Math.max(0, x); xx < Math.min(image.width, x + w); xx++) {
      const i = (yy * image.width + xx) * 4;
      image.data[i] = r;
      image.data[i + 1] = g;
      image.data[i + 2] = b;
    }
  }
  return image;
}

/** Uniform noise from a fixed seed, so failures reproduce. */
export function noiseImage(width: number, height: number, seed = 42): RgbaImage {
  const image = solidImage(width, height, [0, 0, 0]);
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state >>> 24;
  };
  for (let i = 0; i < image.data.length; i += 4) {
    image.data[i] = next();
    image.data[i + 1] = next();
    image.data[i + 2] = next();
  }
  return image;
}

/** A dark table with a bright card on it and low-contrast artwork inside the card. */
export function cardOnTable(width: number, height: number, card: { x: number; y: number; w: number; h: number }): RgbaImage {
  const image = solidImage(width, height, [30, 32, 35]);
  fillRect(image, card.x, card.y, card.w, card.h, [225, 215, 190]);
  const inset = Math.round(card.w * 0.1);
  fillRect(image, card.x + inset, card.y + inset, card.w - 2 * inset, Math.round(card.h * 0.45), [205, 200, 180]);
  return image;
}
