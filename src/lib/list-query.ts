import type { SearchParamsOption } from 'ky';

/** Spec section 9: 24 items a page, zero-based page sent. */
export const pageSize = 24;

/** Spec section 9: text filters wait this long after the last keystroke. */
export const searchDebounceMs = 300;

export type SortDirection = 'asc' | 'desc';

/** A sort choice as the screens list it: `field:direction`. */
export type SortChoice = `${string}:${SortDirection}`;

export function sortParams(choice: SortChoice): { order_by: string; sort_by: SortDirection } {
  const separator = choice.lastIndexOf(':');
  return { order_by: choice.slice(0, separator), sort_by: choice.slice(separator + 1) as SortDirection };
}

/** Filters without a value are left out, so an empty field means "any". */
export function listSearchParams({
  page,
  sort,
  filters,
}: {
  page: number;
  sort: SortChoice;
  filters: Record<string, string | undefined>;
}): SearchParamsOption {
  const present = Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '');
  return { page, size: pageSize, ...sortParams(sort), ...Object.fromEntries(present) };
}
