import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorSchema } from '../catalog/catalog-schemas.ts';
import { HttpError } from '../http-error.ts';
import { IdentifyResultSchema } from './identify-schemas.ts';
import type { IdentifyService } from './identify-service.ts';
import { photoLimits } from './photo-limits.ts';

export async function registerIdentifyRoute(app: FastifyInstance, identify: IdentifyService): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: photoLimits.maxBytes, files: 1, fields: 10, parts: 12 } });
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
        if (!request.isMultipart()) throw new HttpError(415, 'Send the photo as multipart/form-data in a field named "file"');
        let photo: Buffer | undefined;
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file' || photo !== undefined) {
            part.file.resume();
            continue;
          }
          try {
            photo = await part.toBuffer();
          } catch (error) {
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
              throw new HttpError(413, `The photo is larger than ${photoLimits.maxBytes / 1024 / 1024} MB`);
            }
            throw error;
          }
        }
        if (photo === undefined) throw new HttpError(400, 'No photo: send it in a multipart field named "file"');
        if (photo.length === 0) throw new HttpError(400, 'The photo is empty');
        return { candidates: await identify.identify(photo) };
      },
    );
  });
}
