import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorSchema } from '../catalog/catalog-schemas.ts';
import { HttpError } from '../http-error.ts';
import { IdentifyResultSchema } from './identify-schemas.ts';
import type { IdentifyService } from './identify-service.ts';
import { photoLimits } from './photo-limits.ts';
import { readPhotoUpload, uploadLimits } from './read-photo-upload.ts';

export interface UploadCap {
  /** Photos being received or identified at once; each may hold up to `photoLimits.maxBytes`. */
  uploadsInFlight: number;
  retryAfterSeconds: number;
}

export async function registerIdentifyRoute(app: FastifyInstance, identify: IdentifyService, cap: UploadCap): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: uploadLimits });

    // Counted before the body is read, so memory is bounded by the cap whatever clients send or withhold.
    let inFlight = 0;
    scope.addHook('onRequest', async (_request, reply) => {
      if (inFlight >= cap.uploadsInFlight) {
        throw new HttpError(503, `The server is receiving ${cap.uploadsInFlight} photos already; try again in ${cap.retryAfterSeconds} s`, {
          'retry-after': String(cap.retryAfterSeconds),
          connection: 'close',
        });
      }
      inFlight += 1;
      reply.raw.once('close', () => {
        inFlight -= 1;
      });
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
      async (request) => ({ candidates: await identify.identify(await readPhotoUpload(request)) }),
    );
  });
}
