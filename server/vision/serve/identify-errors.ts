import { HttpError } from '../../http-error.ts';
import { PhotoRejected, type PhotoProblem } from '../decode/photo-rejected.ts';
import { IndexEmpty } from '../pipeline/rank-photo.ts';

const photoStatus: Record<PhotoProblem, number> = { not_an_image: 415, unsupported_format: 415, unreadable: 400, too_many_pixels: 400 };

/** The HTTP answer of what identification refuses; undefined for a failure of the server's own. */
export function httpErrorOf(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof PhotoRejected) return new HttpError(photoStatus[error.problem], error.message, { code: `photo_${error.problem}` });
  if (error instanceof IndexEmpty) return new HttpError(503, error.message, { code: 'identify_not_ready' });
  return undefined;
}

/** Runs `work`, answering what identification refuses as HTTP errors. */
export async function answeringInHttp<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw httpErrorOf(error) ?? error;
  }
}
