import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Quad } from '../geometry/card-quad.ts';
import { identifySettings } from '../identify-settings.ts';
import { loadOpenCv, type OpenCv } from '../image/opencv.ts';
import { loadTextModels, type TextModels } from './ocr-models.ts';
import { readCollectorNumber, type EnoughNumbers } from './read-collector-number.ts';

// Real phone photos of real cards (the shared detector data set, CC BY 4.0), at 3000 x 4000 pixels.
const photos = fileURLToPath(new URL('../../../../shared/datasets/pokemon-card-outliner-train/images/', import.meta.url));
const box = (left: number, top: number, right: number, bottom: number): Quad => [
  { x: left, y: top },
  { x: right, y: top },
  { x: right, y: bottom },
  { x: left, y: bottom },
];
/** A modern card held in a hand: Lugia V, 186/195, printed at the bottom left. */
const lugia = { file: `${photos}temp_image_jpg.rf.996dfe058ced7912dc89cf0def9074ff.jpg`, outline: box(287, 600, 2520, 3563) };
/** A promo in a binder sleeve: Ho-Oh GX, SM80, no set total. */
const hoOh = { file: `${photos}test_jpg.rf.46fa158dde528520f413127c55a4730f.jpg`, outline: box(382, 630, 2495, 3407) };

describe('reading the collector number off a photo', () => {
  let cv: OpenCv;
  let models: TextModels;
  beforeAll(async () => {
    expect(existsSync(lugia.file), `the shared data set beside the repository (${photos})`).toBe(true);
    [cv, models] = await Promise.all([loadOpenCv(), loadTextModels()]);
  });
  const read = (photo: { file: string; outline: Quad }, scale = 1, outline = photo.outline, enough?: EnoughNumbers) =>
    readCollectorNumber(cv, models, new Uint8Array(readFileSync(photo.file)), outline, scale, identifySettings.numbers, enough);

  it('reads a modern number and its set total from the photo at full resolution', async () => {
    expect((await read(lugia)).numbers[0]).toEqual({ number: '186', total: 195 });
  });

  it("reads a promo's number, which has no total", async () => {
    expect((await read(hoOh)).numbers).toContainEqual({ number: 'SM80' });
  });

  it('reads it through an outline found on the working image, scaled back to the upload', async () => {
    // The working image keeps 800 px of the 4000: the outline is a fifth of the upload's.
    const outline = lugia.outline.map((p) => ({ x: p.x / 5, y: p.y / 5 })) as Quad;
    expect((await read(lugia, 5, outline)).numbers[0]).toEqual({ number: '186', total: 195 });
  });

  it('stops once the number sought is read, leaving the lines above it unread', async () => {
    const whole = await read(lugia);
    const sought = await read(lugia, 1, lugia.outline, (numbers) => numbers.some((number) => number.number === '186'));
    expect(sought.numbers[0]).toEqual({ number: '186', total: 195 });
    expect(sought.lines.length).toBeLessThan(whole.lines.length);
  });

  it('reads nothing where no card is: no number is made up', async () => {
    // The bottom of the same photo below the card: a hand and a table.
    expect((await read(lugia, 1, box(300, 3600, 2500, 3990))).numbers).toEqual([]);
  });
});
