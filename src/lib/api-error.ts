/** Every failed API call reaches the UI as this: a message to show, the status, the server's code and the body it sent. */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly data: unknown;
  /** The server's stable name of the problem (`email_taken`); undefined when no server answered. */
  readonly code: string | undefined;

  constructor(message: string, status: number | undefined, data: unknown, code: string | undefined = codeOf(data)) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.code = code;
  }
}

function field(data: unknown, name: 'message' | 'code'): string | undefined {
  if (typeof data === 'object' && data !== null && name in data) {
    const value = (data as Record<string, unknown>)[name];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

function codeOf(data: unknown): string | undefined {
  return field(data, 'code');
}

/** The server's message when it sent one, else the client's own (network, timeout), else 'HTTP error' and the status. */
export function toApiError(status: number | undefined, data: unknown, clientMessage?: string): ApiError {
  const message = field(data, 'message') ?? clientMessage ?? `HTTP error ${status ?? ''}`.trim();
  return new ApiError(message, status, data);
}
