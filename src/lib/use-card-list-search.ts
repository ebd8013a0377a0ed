import { containsIgnoringCase, equals, equalsIgnoringCase } from './filter-expression.ts';
import { searchDebounceMs } from './list-query.ts';
import { useDebouncedSearch } from './use-debounced-search.ts';
import type { SortChoice } from './list-query.ts';
import { useListUrlState } from './use-list-url-state.ts';

type CardFilterKey = 'name' | 'set' | 'code' | 'lang';

/**
 * A list of cards filtered by name, set name, set code and language, in the address: the Cards and
 * Collection screens. The text fields are debounced; `cardFilters` are those filters in the filter
 * language, for the list request.
 */
export function useCardListSearch<Key extends string>(filterKeys: readonly (Key | CardFilterKey)[], sortChoices: readonly SortChoice[]) {
  const list = useListUrlState<Key | CardFilterKey>(filterKeys, sortChoices);
  const { filters, setFilter } = list;
  const name = useDebouncedSearch(filters.name, (value) => setFilter('name', value), searchDebounceMs);
  const set = useDebouncedSearch(filters.set, (value) => setFilter('set', value), searchDebounceMs);
  const code = useDebouncedSearch(filters.code, (value) => setFilter('code', value), searchDebounceMs);
  const cardFilters = {
    name: filters.name && containsIgnoringCase(filters.name),
    'set.name': filters.set && containsIgnoringCase(filters.set),
    'set.code': filters.code && equalsIgnoringCase(filters.code),
    'set.language': filters.lang && equals(filters.lang),
  };
  return { list, search: { name, set, code }, cardFilters };
}
