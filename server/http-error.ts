/**
 * An error the server means to answer as it is: a client's mistake (4xx) or a state it reports
 * (503 while identification is not ready), with its status, message and any headers (Retry-After).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
