import type { FieldType } from './filter/filter-ast.ts';

/** Set fields a client may filter on, and their type; GRAMMAR.md lists the same. */
export const setFilterFields = {
  id: 'text',
  name: 'text',
  code: 'text',
  language: 'text',
} as const satisfies Record<string, FieldType>;

export type SetFilterField = keyof typeof setFilterFields;

export const setSortFields = ['name', 'code', 'id', 'language', 'releaseDate'] as const;

export type SetSortField = (typeof setSortFields)[number];

export const defaultSetSort: SetSortField = 'name';
