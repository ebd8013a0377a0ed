import type { Outcome } from './latency-summary.ts';
import { timed } from './timed-request.ts';

/** `clients` clients each sending photos one after the other until `until`, as a scanning app does. */
export async function identifyClients(url: string, photos: Buffer[], clients: number, until: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const client = async () => {
    while (Date.now() < until) {
      const form = new FormData();
      form.set('file', new Blob([photos[next++ % photos.length]!], { type: 'image/jpeg' }), 'photo.jpg');
      outcomes.push(await timed(() => fetch(`${url}/v1/vision/identify`, { method: 'POST', body: form })));
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return outcomes;
}
