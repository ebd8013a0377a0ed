import { useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state.tsx';
import { LanguageField, SortField, TextField } from '../../components/filter-fields.tsx';
import { FilterPanel } from '../../components/filter-panel.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { Pager } from '../../components/pager.tsx';
import { SkeletonTiles } from '../../components/skeleton-tiles.tsx';
import { defineMessages } from '../../i18n/define-messages.ts';
import type { CardSet, ListPage } from '../../lib/catalogue-types.ts';
import { containsIgnoringCase, equals, equalsIgnoringCase } from '../../lib/filter-expression.ts';
import { listSearchParams } from '../../lib/list-query.ts';
import { useApiGet } from '../../lib/use-api-get.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { useListUrlState } from '../../lib/use-list-url-state.ts';
import { usePageWithinList } from '../../lib/use-page-within-list.ts';
import { SetTile } from './set-tile.tsx';
import { setSortChoices, setSortOptions } from './set-sort-options.ts';

const messages = defineMessages({
  title: { id: 'sets.title', defaultMessage: 'All Sets' },
  name: { id: 'sets.filter.name', defaultMessage: 'Set name' },
  code: { id: 'sets.filter.code', defaultMessage: 'Code' },
  empty: { id: 'sets.empty', defaultMessage: 'No sets found' },
});

const filterKeys = ['name', 'code', 'lang'] as const;
// Spec section 4: the set list reloads on every change, without waiting for typing to pause.
const immediately = 0;

export default function SetsPage() {
  const intl = useIntl();
  const list = useListUrlState(filterKeys, setSortChoices);
  const { filters, setFilter } = list;
  const [nameText, setNameText] = useDebouncedSearch(filters.name, (value) => setFilter('name', value), immediately);
  const [codeText, setCodeText] = useDebouncedSearch(filters.code, (value) => setFilter('code', value), immediately);

  const sets = useApiGet<ListPage<CardSet>>(
    'v1/sets',
    listSearchParams({
      page: list.page,
      sort: list.sort,
      filters: {
        name: filters.name && containsIgnoringCase(filters.name),
        code: filters.code && equalsIgnoringCase(filters.code),
        language: filters.lang && equals(filters.lang),
      },
    }),
  );
  const activeCount = filterKeys.filter((key) => filters[key] !== '').length;
  const lastPage = sets.status === 'ready' ? sets.data.pageable.total_pages - 1 : undefined;
  usePageWithinList(list.page, lastPage, list.setPage);

  const changePage = (page: number) => {
    list.setPage(page);
    window.scrollTo({ top: 0 });
  };

  return (
    <section className="page catalogue-page">
      <PageTitle text={intl.formatMessage(messages.title)} />
      <FilterPanel activeCount={activeCount}>
        <TextField label={intl.formatMessage(messages.name)} value={nameText} onChange={setNameText} />
        <TextField label={intl.formatMessage(messages.code)} value={codeText} onChange={setCodeText} />
        <LanguageField value={filters.lang} onChange={(value) => setFilter('lang', value)} />
        <SortField value={list.sort} options={setSortOptions} onChange={list.setSort} />
      </FilterPanel>
      {sets.status === 'loading' && <SkeletonTiles count={6} variant="set" />}
      {sets.status === 'error' && <LoadError error={sets.error} onRetry={sets.retry} />}
      {sets.status === 'ready' &&
        (sets.data.pageable.total_elements === 0 ? (
          <EmptyState title={intl.formatMessage(messages.empty)} />
        ) : (
          <>
            <ul className="tile-grid set-grid">
              {sets.data.content.map((set) => (
                <SetTile key={set.id} set={set} />
              ))}
            </ul>
            <Pager page={list.page} totalPages={sets.data.pageable.total_pages} onPageChange={changePage} />
          </>
        ))}
    </section>
  );
}
