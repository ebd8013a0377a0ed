import { useEffect } from 'react';

/**
 * A page past the last (an old link, `?page=999`) moves to the last page, rather than showing
 * 'Page 999 / 151' over nothing. `lastPage` is undefined until the list has answered.
 */
export function usePageWithinList(page: number, lastPage: number | undefined, setPage: (page: number) => void): void {
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 0 && page > lastPage) setPage(lastPage);
  }, [page, lastPage, setPage]);
}
