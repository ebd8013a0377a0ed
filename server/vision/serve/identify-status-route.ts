import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { BackgroundIndexer } from '../catalog-index/background-indexer.ts';

const IndexStatusSchema = Type.Object({
  building: Type.Boolean({ description: 'Card images are being fingerprinted now' }),
  indexed: Type.Integer({ description: 'Printings identification knows' }),
  total: Type.Integer({ description: 'Printings with an image in the catalogue' }),
  failed: Type.Integer({ description: 'Printings whose image could not be loaded in the last build' }),
  ready: Type.Boolean({ description: 'Identification answers (some printings are indexed)' }),
  imagesUnavailable: Type.Boolean({ description: 'No card image could be downloaded: ASSETS_BASE_URL cannot be reached' }),
  autoIndex: Type.Boolean({ description: 'This server learns the catalogue itself (INDEX_IMAGES); otherwise `npm run catalog:index` does' }),
});

/** `GET /v1/vision/status`: whether identification can answer, and how far the index is. */
export function registerIdentifyStatusRoute(app: FastifyInstance, indexer: BackgroundIndexer): void {
  app.get(
    '/v1/vision/status',
    { schema: { summary: 'Whether identification is ready and how far its index is built', tags: ['vision'], response: { 200: IndexStatusSchema } } },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(indexer.status()),
  );
}
