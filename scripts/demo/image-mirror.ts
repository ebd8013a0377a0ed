import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';

/**
 * The generated cards at the image host's paths, in each format the app and the indexer ask for:
 * the generator draws PNG, the app asks for `high.webp`, so WebP is converted on request.
 */
export async function serveImageMirror(imagesDir: string, port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify();
  app.get('/*', async (request, reply) => {
    const path = normalize(decodeURIComponent(request.url.split('?')[0]!)).replace(/^(\.\.[/\\])+/, '');
    const format = /\.(webp|png|jpg)$/.exec(path)?.[1];
    if (!format) return reply.status(404).send();
    const png = await readFile(join(imagesDir, path.replace(/\.(webp|jpg)$/, '.png'))).catch(() => undefined);
    if (!png) return reply.status(404).send();
    const body = format === 'png' ? png : await sharp(png).toFormat(format === 'jpg' ? 'jpeg' : 'webp').toBuffer();
    return reply.type(`image/${format === 'jpg' ? 'jpeg' : format}`).header('cache-control', 'public, max-age=3600').send(body);
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://localhost:${port}`, close: () => app.close() };
}
