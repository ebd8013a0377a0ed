import { request } from 'node:http';
import type { Outcome } from './latency-summary.ts';

const boundary = 'cardlensbench';

/** The multipart form the app sends: one photo in the field "file". */
export function photoForm(photo: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/**
 * One photo sent to identify from `localAddress` (any of 127.0.0.0/8 reaches the server on this
 * machine; fetch cannot choose one), timed to its whole answer.
 */
export function identifyOnce(url: string, photo: Buffer, localAddress = '127.0.0.1'): Promise<Outcome> {
  const body = photoForm(photo);
  const { hostname, port } = new URL(url);
  const started = performance.now();
  const done = (status: number) => ({ status, ms: performance.now() - started });
  return new Promise((resolve) => {
    const outgoing = request(
      {
        host: hostname,
        port,
        localAddress,
        method: 'POST',
        path: '/v1/vision/identify',
        agent: false,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(done(response.statusCode ?? 0)));
        response.on('error', () => resolve(done(0)));
      },
    );
    outgoing.on('error', () => resolve(done(0)));
    outgoing.end(body);
  });
}

/**
 * `clients` clients each sending photos one after the other until `until`, as a scanning app does;
 * each is a phone of its own, on its own address (127.0.1.x), as the server's per-address upload
 * slots see them.
 */
export async function identifyClients(url: string, photos: Buffer[], clients: number, until: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const client = async (index: number) => {
    const address = `127.0.1.${index + 1}`;
    while (Date.now() < until) outcomes.push(await identifyOnce(url, photos[next++ % photos.length]!, address));
  };
  await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  return outcomes;
}
