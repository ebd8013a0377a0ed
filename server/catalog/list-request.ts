import type { FilterNode } from './filter/filter-ast.ts';

export type SortDirection = 'asc' | 'desc';

export const sortDirections: readonly SortDirection[] = ['asc', 'desc'];

/** A validated list query as the repositories take it. */
export interface ListRequest<Field extends string, Sort extends string> {
  filters: Array<{ field: Field; filter: FilterNode }>;
  orderBy: Sort;
  direction: SortDirection;
  page: number;
  size: number;
}

export interface ListResult<Row> {
  rows: Row[];
  total: number;
}

export interface Page<Item> {
  content: Item[];
  pageable: { page: number; size: number; total_elements: number; total_pages: number };
}

export function toPage<Row, Item>(result: ListResult<Row>, page: number, size: number, map: (row: Row) => Item): Page<Item> {
  return {
    content: result.rows.map(map),
    pageable: { page, size, total_elements: result.total, total_pages: Math.ceil(result.total / size) },
  };
}
