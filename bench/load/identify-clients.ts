import type { Outcome } from './latency-summary.ts';
import { timed } from './timed-request.ts';

/** One photo sent to identify, timed to its whole answer. */
export function identifyOnce(url: string, photo: Buffer): Promise<Outcome> {
  const form = new FormData();
  form.set('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  return timed(() => fetch(`${url}/v1/vision/identify`, { method: 'POST', body: form }));
}

/** `clients` clients each sending photos one after the other until `until`, as a scanning app does. */
export async function identifyClients(url: string, photos: Buffer[], clients: number, until: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const client = async () => {
    while (Date.now() < until) outcomes.push(await identifyOnce(url, photos[next++ % photos.length]!));
  };
  await Promise.all(Array.from({ length: clients }, client));
  return outcomes;
}
