// `npm run kit:serve -- <kit dir> [--port 8090]`: serves a kit's images at the image host's paths,
// so `ASSETS_BASE_URL=http://localhost:8090` makes the product load (and index) them.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { port: { type: 'string', default: '8090' } } });
if (positionals.length !== 1) {
  console.error('Usage: npm run kit:serve -- <kit dir> [--port 8090]');
  process.exit(2);
}
const app = Fastify();
await app.register(fastifyStatic, { root: resolve(positionals[0]!, 'images') });
await app.listen({ port: Number(values.port), host: '127.0.0.1' });
console.log(`Kit images at http://localhost:${values.port} (set ASSETS_BASE_URL to this address)`);
