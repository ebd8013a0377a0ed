import { useCallback, useEffect, useState } from 'react';
import type { SearchParamsOption } from 'ky';
import { api } from './api.ts';

export type ApiGetState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: Error };

interface Settled<T> {
  key: string;
  state: ApiGetState<T>;
}

/**
 * GETs a path and follows its query: a new path or query cancels the request in flight, so an
 * older answer never replaces a newer one. `retry` asks again after a failure.
 */
export function useApiGet<T>(path: string, searchParams?: SearchParamsOption): ApiGetState<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify([path, searchParams ?? null, attempt]);
  const [settled, setSettled] = useState<Settled<T>>();

  useEffect(() => {
    const [requestPath, requestParams] = JSON.parse(key) as [string, SearchParamsOption | null];
    const controller = new AbortController();
    api
      .get<T>(requestPath, { searchParams: requestParams ?? undefined, signal: controller.signal })
      .then(
        (data) => setSettled({ key, state: { status: 'ready', data } }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setSettled({ key, state: { status: 'error', error: error instanceof Error ? error : new Error(String(error)) } });
        },
      );
    return () => controller.abort();
  }, [key]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const state: ApiGetState<T> = settled?.key === key ? settled.state : { status: 'loading' };
  return { ...state, retry };
}
