/** Why a photo cannot be identified, whatever the catalogue holds: the client's to fix. */
export type PhotoProblem = 'not_an_image' | 'unsupported_format' | 'unreadable' | 'too_many_pixels';

/** A photo the decoder refuses, with a message a person can act on; serve/ answers it in HTTP. */
export class PhotoRejected extends Error {
  override name = 'PhotoRejected';

  constructor(
    readonly problem: PhotoProblem,
    message: string,
  ) {
    super(message);
  }
}
