import type { FieldType } from './filter/filter-ast.ts';

/** Card fields a client may filter on, and their type; GRAMMAR.md lists the same. */
export const cardFilterFields = {
  name: 'text',
  hp: 'number',
  illustrator: 'text',
  rarity: 'text',
  variant: 'text',
  localId: 'text',
  id: 'text',
  code: 'text',
  'set.id': 'text',
  'set.code': 'text',
  'set.name': 'text',
  'set.language': 'text',
} as const satisfies Record<string, FieldType>;

export type CardFilterField = keyof typeof cardFilterFields;

/** `set` is the spec's short name for `set.name`. */
export const cardSortFields = ['name', 'hp', 'localId', 'id', 'set', 'set.name', 'set.code', 'set.id'] as const;

export type CardSortField = (typeof cardSortFields)[number];

export const defaultCardSort: CardSortField = 'name';
