import { cardSortOptions } from '../../components/card-sort-options.ts';
import type { SortOption } from '../../components/filter-fields.tsx';
import type { SortChoice } from '../../lib/list-query.ts';
import { collectionPageMessages as m } from './collection-page-messages.ts';
import { collectionValueMessages } from './collection-value-messages.ts';

/** Newest first by default, then the card sorts of the Cards screen, the most copies, and by value in the collector's currency. */
export const collectionSortOptions: readonly SortOption<SortChoice>[] = [
  { value: 'added:desc', label: m.sortAddedDesc },
  { value: 'added:asc', label: m.sortAddedAsc },
  ...cardSortOptions,
  { value: 'quantity:desc', label: m.sortQuantityDesc },
  { value: 'value:desc', label: collectionValueMessages.sortValueDesc },
  { value: 'value:asc', label: collectionValueMessages.sortValueAsc },
];

export const collectionSortChoices: readonly SortChoice[] = collectionSortOptions.map((option) => option.value);
