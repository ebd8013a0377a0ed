import { STATUS_CODES } from 'node:http';

export interface HttpErrorOptions {
  /** A stable name of the problem that clients translate; without one, the status's own name. */
  code?: string;
  headers?: Record<string, string>;
}

/** `not_found` for 404, `too_many_requests` for 429: the code of an error nobody named more precisely. */
export function codeOfStatus(status: number): string {
  return (STATUS_CODES[status] ?? 'error')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/**
 * An error the server means to answer as it is: a client's mistake (4xx) or a state it reports
 * (503 while identification is not ready), with its status, a stable code, the message and any
 * headers (Retry-After).
 */
export class HttpError extends Error {
  readonly code: string;
  readonly headers: Record<string, string>;

  constructor(
    readonly statusCode: number,
    message: string,
    { code, headers = {} }: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? codeOfStatus(statusCode);
    this.headers = headers;
  }
}
