import { cardFilterFields, cardSortFields } from '../catalog/card-fields.ts';
import type { FieldType } from '../catalog/filter/filter-ast.ts';

/** The card fields of /v1/cards, plus what the collector records about each entry. */
export const collectionFilterFields = {
  ...cardFilterFields,
  condition: 'text',
  quantity: 'number',
  /** Quantity times the printing's price in the list's currency: `value=gt(10)`. */
  value: 'number',
} as const satisfies Record<string, FieldType>;

export type CollectionFilterField = keyof typeof collectionFilterFields;

export const collectionSortFields = [...cardSortFields, 'added', 'quantity', 'condition', 'value'] as const;

export type CollectionSortField = (typeof collectionSortFields)[number];

export const defaultCollectionSort: CollectionSortField = 'added';
