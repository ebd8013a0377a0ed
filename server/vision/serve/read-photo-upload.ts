import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error.ts';
import { photoLimits } from '../decode/photo-limits.ts';

/** What the multipart form may hold: the photo and a few small fields a client may add. */
export const uploadLimits = { fileSize: photoLimits.maxBytes, files: 1, fields: 10, parts: 12 } as const;

const limitErrors: Record<string, { message: string; code: string }> = {
  FST_REQ_FILE_TOO_LARGE: { message: `The photo is larger than ${photoLimits.maxBytes / 1024 / 1024} MB`, code: 'photo_too_large' },
  FST_FILES_LIMIT: { message: `The form holds more than ${uploadLimits.files} file: send one photo`, code: 'photo_form_too_large' },
  FST_FIELDS_LIMIT: { message: `The form holds more than ${uploadLimits.fields} fields`, code: 'photo_form_too_large' },
  FST_PARTS_LIMIT: { message: `The form holds more than ${uploadLimits.parts} parts`, code: 'photo_form_too_large' },
};

/**
 * Whatever goes wrong while a form is read is the client's doing: a body with no boundary, cut off
 * mid-upload, with a broken part header, or over a limit. Each answers 4xx naming it, never 500.
 */
function uploadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const { code, statusCode, message } = error as { code?: string; statusCode?: number; message?: string };
  const limit = code !== undefined && Object.hasOwn(limitErrors, code) ? limitErrors[code] : undefined;
  if (limit !== undefined) return new HttpError(413, limit.message, { code: limit.code });
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return new HttpError(statusCode, message ?? 'The form cannot be read');
  return new HttpError(400, `The multipart form cannot be read: ${message ?? 'it is malformed'}`, { code: 'photo_form_unreadable' });
}

/** The bytes of the form's file field (`field`, "file" unless given); other files are drained unread. */
export async function readPhotoUpload(request: FastifyRequest, field = 'file'): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, `Send the photo as multipart/form-data in a field named "${field}"`, { code: 'photo_not_multipart' });
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field || photo !== undefined) {
        part.file.resume();
        continue;
      }
      photo = await part.toBuffer();
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (photo === undefined) throw new HttpError(400, `No photo: send it in a multipart field named "${field}"`, { code: 'photo_missing' });
  if (photo.length === 0) throw new HttpError(400, 'The photo is empty', { code: 'photo_empty' });
  return photo;
}
