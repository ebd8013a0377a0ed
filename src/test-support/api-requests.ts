import { vi } from 'vitest';

export interface RecordedRequest {
  path: string;
  params: URLSearchParams;
  at: number;
}

type Interceptor = (url: URL) => Promise<Response> | undefined;

/**
 * Watches the app's API calls as they leave the page (the real server still answers them), and can
 * hold or replace an answer to show loading and failure states.
 */
export function recordApiRequests() {
  const requests: RecordedRequest[] = [];
  let interceptor: Interceptor | undefined;
  const realFetch = window.fetch.bind(window);
  vi.spyOn(window, 'fetch').mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.pathname.startsWith('/v1/')) {
      requests.push({ path: url.pathname, params: url.searchParams, at: performance.now() });
      const replaced = interceptor?.(url);
      if (replaced) return replaced;
    }
    return realFetch(input, init);
  });
  return {
    requests,
    last: (path: string) => requests.filter((request) => request.path === path).at(-1),
    count: (path: string) => requests.filter((request) => request.path === path).length,
    intercept(next: Interceptor | undefined) {
      interceptor = next;
    },
  };
}
