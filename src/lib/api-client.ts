import ky, { HTTPError, TimeoutError, type Options } from 'ky';
import { toApiError, type ApiError } from './api-error.ts';

export type AccessTokenSource = () => Promise<string | undefined> | string | undefined;

export interface ApiClientOptions {
  baseUrl: string;
  /** Called before every request; the sign-in layer refreshes the token here when it is about to expire. */
  accessToken?: AccessTokenSource;
  timeoutMs?: number;
}

export type RequestOptions = Pick<Options, 'searchParams' | 'json' | 'body' | 'headers' | 'signal'>;

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, options?: RequestOptions): Promise<T>;
  put<T>(path: string, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

export const requestTimeoutMs = 20_000;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function toError(error: unknown): Promise<ApiError | unknown> {
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  if (error instanceof HTTPError) return toApiError(error.response.status, await readBody(error.response));
  if (error instanceof TimeoutError) return toApiError(undefined, undefined, 'Request timed out');
  return toApiError(undefined, undefined, error instanceof Error ? error.message : String(error));
}

/** The app's one HTTP client: JSON in and out, bearer token when signed in, every failure as an ApiError. */
export function createApiClient({ baseUrl, accessToken, timeoutMs = requestTimeoutMs }: ApiClientOptions): ApiClient {
  const http = ky.create({
    prefixUrl: baseUrl,
    timeout: timeoutMs,
    retry: 0,
    headers: { Accept: 'application/json' },
    hooks: {
      beforeRequest: [
        async (request) => {
          const token = await accessToken?.();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
    },
  });

  const request =
    (method: 'get' | 'post' | 'put' | 'patch' | 'delete') =>
    async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
      try {
        const response = await http(path.replace(/^\//, ''), { ...options, method });
        return (await readBody(response)) as T;
      } catch (error) {
        throw await toError(error);
      }
    };

  return { get: request('get'), post: request('post'), put: request('put'), patch: request('patch'), delete: request('delete') };
}
