/** Every failed API call reaches the UI as this: a message to show, the status and the body the server sent. */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly data: unknown;

  constructor(message: string, status: number | undefined, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

function serverMessage(data: unknown): string | undefined {
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

/** The server's message when it sent one, else the client's own (network, timeout), else 'HTTP error' and the status. */
export function toApiError(status: number | undefined, data: unknown, clientMessage?: string): ApiError {
  const message = serverMessage(data) ?? clientMessage ?? `HTTP error ${status ?? ''}`.trim();
  return new ApiError(message, status, data);
}
