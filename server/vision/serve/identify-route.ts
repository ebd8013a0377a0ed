import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorSchema } from '../../catalog/catalog-schemas.ts';
import { HttpError } from '../../http-error.ts';
import { IdentifyResultSchema } from './identify-schemas.ts';
import type { IdentifyService } from './identify-service.ts';
import { photoLimits } from '../decode/photo-limits.ts';
import { readPhotoUpload, uploadLimits } from './read-photo-upload.ts';

export interface UploadCap {
  /** Photos being received at once; each may hold up to `photoLimits.maxBytes`. Received photos wait in the identification queue, which has its own bound. */
  uploadsInFlight: number;
  retryAfterSeconds: number;
}

export async function registerIdentifyRoute(app: FastifyInstance, identify: IdentifyService, cap: UploadCap): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: uploadLimits });

    // Counted before the body is read, so memory is bounded by the cap whatever clients send or
    // withhold; a slot is free again once its photo is received (or the connection goes).
    let inFlight = 0;
    const releases = new WeakMap<FastifyRequest, () => void>();
    scope.addHook('onRequest', async (request, reply) => {
      if (inFlight >= cap.uploadsInFlight) {
        throw new HttpError(503, `The server is receiving ${cap.uploadsInFlight} photos already; try again in ${cap.retryAfterSeconds} s`, {
          code: 'upload_busy',
          headers: { 'retry-after': String(cap.retryAfterSeconds), connection: 'close' },
        });
      }
      inFlight += 1;
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        inFlight -= 1;
      };
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
        return { candidates: await identify.identify(photo) };
      },
    );
  });
}
