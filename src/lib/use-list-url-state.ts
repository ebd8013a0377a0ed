import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { SortChoice } from './list-query.ts';

const pageKey = 'page';
const sortKey = 'sort';

export interface ListUrlState<Key extends string> {
  /** Each filter's committed value, '' when unset. */
  filters: Record<Key, string>;
  sort: SortChoice;
  /** Zero-based. */
  page: number;
  setFilter: (key: Key, value: string) => void;
  setSort: (sort: SortChoice) => void;
  setPage: (page: number) => void;
}

/**
 * A list screen's filters, sort and page, kept in the address so a list can be shared and survives a
 * reload. Changing a filter or the sort goes back to the first page. The page is one-based in the
 * address, for people reading it.
 */
export function useListUrlState<Key extends string>(filterKeys: readonly Key[], sortChoices: readonly SortChoice[]): ListUrlState<Key> {
  const [params, setParams] = useSearchParams();

  const filters = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? ''])) as Record<Key, string>;
  const requestedSort = params.get(sortKey);
  const sort = sortChoices.find((choice) => choice === requestedSort) ?? sortChoices[0]!;
  const requestedPage = Number(params.get(pageKey));
  const page = Number.isInteger(requestedPage) && requestedPage >= 1 ? requestedPage - 1 : 0;

  const update = useCallback(
    (key: string, value: string, resetPage: boolean) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value === '') next.delete(key);
          else next.set(key, value);
          if (resetPage) next.delete(pageKey);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setFilter = useCallback((key: Key, value: string) => update(key, value, true), [update]);
  const setSort = useCallback((choice: SortChoice) => update(sortKey, choice === sortChoices[0] ? '' : choice, true), [update, sortChoices]);
  const setPage = useCallback((index: number) => update(pageKey, index > 0 ? String(index + 1) : '', false), [update]);

  return { filters, sort, page, setFilter, setSort, setPage };
}
