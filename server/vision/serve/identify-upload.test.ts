import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testBackends, type TestApp } from '../../test-support/test-database.ts';

const boundary = 'XyZ';
const multipart = 'multipart/form-data; boundary=XyZ';

function form(bytes: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/** A real 16x16 JPEG whose frame header claims 6000x6000: a decoder fills the rest with grey. */
async function jpegClaimingMorePixels(): Promise<Buffer> {
  const jpeg = Buffer.from(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } }).jpeg().toBuffer());
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && jpeg[i + 1] === 0xc0) {
      jpeg.writeUInt16BE(6000, i + 5);
      jpeg.writeUInt16BE(6000, i + 7);
      return jpeg;
    }
  }
  throw new Error('no SOF0 marker');
}

describe.each(testBackends())('what POST /v1/vision/identify refuses, on $name', (backend) => {
  let test_: TestApp;
  beforeAll(async () => {
    test_ = await buildTestApp(backend);
  });
  afterAll(() => test_?.close());

  const post = (payload: Buffer | string, contentType = multipart) =>
    test_.app.inject({ method: 'POST', url: '/v1/vision/identify', headers: { 'content-type': contentType }, payload });

  it.each([
    ['with no boundary', () => post(form(Buffer.from('abc')), 'multipart/form-data'), 'Boundary not found'],
    ['cut off mid-upload', () => post(form(Buffer.alloc(5_000, 0xff)).subarray(0, 3_000)), 'Unexpected end'],
    ['cut off inside a part header', () => post(`--${boundary}\r\nContent-Disposition: form-da`), 'Unexpected end'],
    ['that is not multipart at all', () => post('hello world, no parts here'), 'Unexpected end'],
  ])('a form %s answers 400 naming the problem', async (_name, send, detail) => {
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, error: 'Bad Request', code: 'photo_form_unreadable', message: expect.stringContaining(detail) });
    expect(response.json().message).toMatch(/^The multipart form cannot be read: /);
  });

  it('a form with more fields than allowed answers 413 naming the limit', async () => {
    const fields = Array.from({ length: 15 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('');
    const response = await post(`${fields}--${boundary}--\r\n`);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: 413, error: 'Payload Too Large', code: 'photo_form_too_large', message: 'The form holds more than 10 fields' });
  });

  it('a form with two files answers 413 asking for one photo', async () => {
    const part = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.jpg"\r\n\r\nxx\r\n`;
    const response = await post(`${part('file')}${part('file')}--${boundary}--\r\n`);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The form holds more than 1 file: send one photo');
  });

  it.each([
    ['GIF', (image: Sharp) => image.gif()],
    ['TIFF', (image: Sharp) => image.tiff()],
    ['AVIF', (image: Sharp) => image.avif()],
  ])('a %s photo answers 415 naming the format and the ones accepted', async (format, encode) => {
    const bytes = await encode(sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })).toBuffer();
    const response = await post(form(bytes));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      status: 415,
      error: 'Unsupported Media Type',
      code: 'photo_unsupported_format',
      message: `${format} images are not supported: send a JPEG, PNG or WebP photo of the card`,
    });
  });

  it('a JPEG whose header declares 6000x6000 but holds 16x16 of data answers 400 corrupt or truncated', async () => {
    const response = await post(form(await jpegClaimingMorePixels()));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, error: 'Bad Request', code: 'photo_unreadable', message: 'The JPEG image is corrupt or truncated and cannot be read' });
  });
});
