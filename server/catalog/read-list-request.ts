import { HttpError } from '../http-error.ts';
import { checkFilter } from './filter/check-filter.ts';
import type { FieldType } from './filter/filter-ast.ts';
import { FilterError } from './filter/filter-error.ts';
import { parseFilter } from './filter/parse-filter.ts';
import type { ListRequest, SortDirection } from './list-request.ts';

export interface ListQueryString {
  page?: number;
  size?: number;
  order_by?: string;
  sort_by?: string;
  [filter: string]: unknown;
}

export interface ListFields<Field extends string, Sort extends string> {
  filters: Record<Field, FieldType>;
  sorts: readonly Sort[];
  defaultSort: Sort;
}

export const pagingDefaults = { page: 0, size: 24, maxSize: 100, maxPage: 1_000_000 };

const pagingKeys = new Set(['page', 'size', 'order_by', 'sort_by']);

/**
 * Checks what the schema cannot: that every other query parameter is a known field holding a
 * well-formed filter. Paging and sort values have been checked by the route schema already.
 */
export function readListRequest<Field extends string, Sort extends string>(
  query: ListQueryString,
  fields: ListFields<Field, Sort>,
): ListRequest<Field, Sort> {
  const filters: ListRequest<Field, Sort>['filters'] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (pagingKeys.has(key) || raw === undefined) continue;
    if (!Object.hasOwn(fields.filters, key)) {
      const known = Object.keys(fields.filters).join(', ');
      throw new HttpError(400, `Unknown query parameter '${key}': filter fields are ${known}`, { code: 'filter_unknown' });
    }
    if (typeof raw !== 'string') throw new HttpError(400, `Invalid filter for '${key}': give the field once`, { code: 'filter_invalid' });
    const field = key as Field;
    try {
      const filter = parseFilter(raw);
      checkFilter(filter, fields.filters[field]);
      filters.push({ field, filter });
    } catch (error) {
      if (error instanceof FilterError) throw new HttpError(400, `Invalid filter for '${key}': ${error.message}`, { code: 'filter_invalid' });
      throw error;
    }
  }
  const orderBy = (query.order_by ?? fields.defaultSort) as Sort;
  if (!fields.sorts.includes(orderBy)) {
    throw new HttpError(400, `Invalid query parameter 'order_by': must be one of ${fields.sorts.join(', ')}`, { code: 'sort_invalid' });
  }
  const direction = (query.sort_by ?? 'asc') as SortDirection;
  if (direction !== 'asc' && direction !== 'desc') {
    throw new HttpError(400, `Invalid query parameter 'sort_by': must be one of asc, desc`, { code: 'sort_invalid' });
  }
  return {
    filters,
    orderBy,
    direction,
    page: query.page ?? pagingDefaults.page,
    size: query.size ?? pagingDefaults.size,
  };
}
