import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorSchema } from '../../catalog/catalog-schemas.ts';
import { IdentifyResultSchema } from './identify-schemas.ts';
import { withPrices, type PriceOf } from '../../catalog/prices/price-lookup.ts';
import { IdentifyPageResultSchema } from './identify-page-schemas.ts';
import type { IdentifyService } from './identify-service.ts';
import { photoLimits } from '../decode/photo-limits.ts';
import { readPhotoUpload, uploadLimits } from './read-photo-upload.ts';
import { bodyStarted, createUploadSlots, lingerOnClose, type UploadSlotLimits } from './upload-slots.ts';

export async function registerIdentifyRoute(
  app: FastifyInstance,
  identify: IdentifyService,
  cap: UploadSlotLimits,
  /** The candidates' prices, from the catalogue: left out when not given. */
  prices?: (ids: string[]) => Promise<Map<string, PriceOf>>,
): Promise<void> {
  const priced = async <T extends { printingId: string }>(candidates: T[]) => (prices ? withPrices(candidates, prices) : candidates);
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: uploadLimits });

    // Memory is bounded by the slots whatever clients send or withhold: each holds at most one photo
    // being received. A request takes one only once its body starts arriving, and one address holds
    // a few at most, so connections that stall from one address leave the others room.
    const slots = createUploadSlots(cap);
    const releases = new WeakMap<FastifyRequest, () => void>();
    scope.addHook('onRequest', async (request, reply) => {
      // An answer given before the body is in (503, 408, 413) reaches the client rather than a reset.
      lingerOnClose(request.raw, cap.uploadLinger);
      if (!(await bodyStarted(request.raw, cap.uploadStartTimeout))) return;
      const release = slots.take(request.ip);
      releases.set(request, release);
      reply.raw.once('close', release);
    });

    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/v1/vision/identify',
      {
        schema: {
          summary: 'Identify the card in a photo',
          description: `Multipart form with one field "file": a JPEG, PNG or WebP photo, at most ${photoLimits.maxBytes / 1024 / 1024} MB and ${photoLimits.maxPixels / 1e6} megapixels.`,
          tags: ['vision'],
          consumes: ['multipart/form-data'],
          response: { 200: IdentifyResultSchema, 400: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema, 503: ErrorSchema },
        },
      },
      async (request) => {
        const photo = await readPhotoUpload(request);
        releases.get(request)?.();
        return { candidates: await priced(await identify.identify(photo)) };
      },
    );

    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/v1/vision/identify-page',
      {
        schema: {
          summary: 'Identify every card in a photo of a binder page or of loose cards',
          description: `Multipart form with one field "photo": a JPEG, PNG or WebP photo, at most ${photoLimits.maxBytes / 1024 / 1024} MB and ${photoLimits.maxPixels / 1e6} megapixels. The server finds the cards itself.`,
          tags: ['vision'],
          consumes: ['multipart/form-data'],
          response: { 200: IdentifyPageResultSchema, 400: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema, 503: ErrorSchema },
        },
      },
      async (request) => {
        const photo = await readPhotoUpload(request, 'photo');
        releases.get(request)?.();
        const page = await identify.identifyPage(photo);
        return { ...page, cards: await Promise.all(page.cards.map(async (card) => ({ ...card, candidates: await priced(card.candidates) }))) };
      },
    );
  });
}
