import { cardSortOptions } from '../../components/card-sort-options.ts';
import type { SortOption } from '../../components/filter-fields.tsx';
import type { SortChoice } from '../../lib/list-query.ts';
import { collectionPageMessages as m } from './collection-page-messages.ts';

/** Newest first by default, then the card sorts of the Cards screen, then the most copies. */
export const collectionSortOptions: readonly SortOption<SortChoice>[] = [
  { value: 'added:desc', label: m.sortAddedDesc },
  { value: 'added:asc', label: m.sortAddedAsc },
  ...cardSortOptions,
  { value: 'quantity:desc', label: m.sortQuantityDesc },
];

export const collectionSortChoices: readonly SortChoice[] = collectionSortOptions.map((option) => option.value);
