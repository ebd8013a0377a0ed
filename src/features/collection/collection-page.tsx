import { useState } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../i18n/common-messages.ts';
import { collectionMessages } from './collection-messages.ts';
import { ConditionOptions } from './add/condition-options.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { FilterPanel } from '../../components/filter-panel.tsx';
import { LanguageField, SortField, TextField } from '../../components/filter-fields.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { Pager } from '../../components/pager.tsx';
import { SkeletonTiles } from '../../components/skeleton-tiles.tsx';
import type { ListPage } from '../../lib/catalogue-types.ts';
import type { CollectionEntry, CollectionTotals, SetCompletion } from './collection-api.ts';
import { equals } from '../../lib/filter-expression.ts';
import { listSearchParams } from '../../lib/list-query.ts';
import { useApiGet, type ApiGetState } from '../../lib/use-api-get.ts';
import { useCardListSearch } from '../../lib/use-card-list-search.ts';
import { usePageWithinList } from '../../lib/use-page-within-list.ts';
import { CollectionTile } from './collection-tile.tsx';
import { collectionPageMessages as m } from './collection-page-messages.ts';
import { collectionSortChoices, collectionSortOptions } from './collection-sort-options.ts';
import { ExportImportPanel } from './export-import-panel.tsx';
import { SetCompletionList } from './set-completion.tsx';
import { CollectionValueSection } from './collection-value.tsx';
import { collectionValueMessages } from './collection-value-messages.ts';
import { RemovedNotice } from './removed-notice.tsx';
import { useCurrency } from '../../lib/price.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { searchDebounceMs } from '../../lib/list-query.ts';
import './collection.css';

const filterKeys = ['name', 'set', 'code', 'lang', 'condition', 'minValue', 'maxValue'] as const;

/** An amount typed by the collector, or undefined when it is not a number of 0 or more. */
function amount(text: string): number | undefined {
  const value = Number(text.replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The value filter in the filter language: over, under, or both. */
function valueFilter(minValue: string, maxValue: string): string | undefined {
  const over = amount(minValue);
  const under = amount(maxValue);
  const parts = [over !== undefined && `gt(${over})`, under !== undefined && `lt(${under})`].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : `and(${parts.join(', ')})`;
}

function AmountField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input type="number" inputMode="decimal" min={0} step="any" value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

function ConditionField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const intl = useIntl();
  return (
    <label className="field">
      <span className="field-label">{intl.formatMessage(collectionMessages.condition)}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{intl.formatMessage(commonMessages.any)}</option>
        <ConditionOptions />
      </select>
    </label>
  );
}

interface EntryListProps {
  state: ApiGetState<ListPage<CollectionEntry>>;
  onRetry: () => void;
  page: number;
  onPageChange: (page: number) => void;
  filtered: boolean;
  onChanged: () => void;
  onRemoved: (removed?: CollectionEntry) => void;
}

function EntryList({ state, onRetry, page, onPageChange, filtered, onChanged, onRemoved }: EntryListProps) {
  const intl = useIntl();
  const lastPage = state.status === 'ready' ? state.data.pageable.total_pages - 1 : undefined;
  usePageWithinList(page, lastPage, onPageChange);
  if (state.status === 'loading') return <SkeletonTiles count={6} />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={onRetry} />;
  const { content, pageable } = state.data;
  if (pageable.total_elements === 0) {
    return filtered ? <EmptyState title={intl.formatMessage(m.noMatch)} /> : <EmptyState title={intl.formatMessage(m.empty)} hint={intl.formatMessage(m.emptyHint)} />;
  }
  if (page > pageable.total_pages - 1) return <SkeletonTiles count={6} />;
  return (
    <>
      <ul className="tile-grid card-grid">
        {content.map((entry) => (
          <CollectionTile key={`${entry.id}-${entry.quantity}-${entry.condition}`} entry={entry} onChanged={onChanged} onRemoved={onRemoved} />
        ))}
      </ul>
      <Pager
        page={page}
        totalPages={pageable.total_pages}
        onPageChange={(next) => {
          onPageChange(next);
          window.scrollTo({ top: 0 });
        }}
      />
    </>
  );
}

export default function CollectionPage() {
  const intl = useIntl();
  const { list, search, cardFilters } = useCardListSearch(filterKeys, collectionSortChoices);
  const { filters, setFilter } = list;
  const [nameText, setNameText] = search.name;
  const [setText, setSetText] = search.set;
  const [codeText, setCodeText] = search.code;
  const [minValueText, setMinValueText] = useDebouncedSearch(filters.minValue, (value) => setFilter('minValue', value), searchDebounceMs);
  const [maxValueText, setMaxValueText] = useDebouncedSearch(filters.maxValue, (value) => setFilter('maxValue', value), searchDebounceMs);
  const currency = useCurrency();
  const [removed, setRemoved] = useState<CollectionEntry>();
  const [version, setVersion] = useState(0);

  const value = valueFilter(filters.minValue, filters.maxValue);
  const entries = useApiGet<ListPage<CollectionEntry>>(
    'v1/collection',
    listSearchParams({
      page: list.page,
      sort: list.sort,
      filters: {
        ...cardFilters,
        condition: filters.condition && equals(filters.condition),
        value,
        // Asked only when the value counts, so the list works the same on a server without prices.
        currency: value || list.sort.startsWith('value:') ? currency : undefined,
      },
    }),
  );
  const totals = useApiGet<CollectionTotals>('v1/collection/totals');
  const sets = useApiGet<{ sets: SetCompletion[] }>('v1/collection/sets');
  const activeCount = filterKeys.filter((key) => filters[key] !== '').length;
  const recount = () => {
    totals.retry();
    sets.retry();
    setVersion((count) => count + 1);
  };
  const reload = () => {
    recount();
    entries.retry();
  };
  const removedEntry = (entry?: CollectionEntry) => {
    setRemoved(entry);
    reload();
  };

  return (
    <section className="page catalogue-page collection-page">
      <PageTitle text={intl.formatMessage(m.title)} />
      {totals.status === 'ready' && <p className="collection-totals">{intl.formatMessage(m.totals, { cards: totals.data.cards, printings: totals.data.printings })}</p>}
      <CollectionValueSection currency={currency} version={version} />
      {sets.status === 'ready' && <SetCompletionList sets={sets.data.sets} />}
      <h2 className="collection-cards-title">{intl.formatMessage(m.cardsTitle)}</h2>
      <FilterPanel activeCount={activeCount}>
        <TextField label={intl.formatMessage(m.name)} value={nameText} onChange={setNameText} />
        <TextField label={intl.formatMessage(m.setName)} value={setText} onChange={setSetText} />
        <TextField label={intl.formatMessage(m.setCode)} value={codeText} onChange={setCodeText} />
        <LanguageField value={filters.lang} onChange={(value) => setFilter('lang', value)} />
        <ConditionField value={filters.condition} onChange={(value) => setFilter('condition', value)} />
        <AmountField label={intl.formatMessage(collectionValueMessages.minValue, { currency })} value={minValueText} onChange={setMinValueText} />
        <AmountField label={intl.formatMessage(collectionValueMessages.maxValue, { currency })} value={maxValueText} onChange={setMaxValueText} />
        <SortField value={list.sort} options={collectionSortOptions} onChange={list.setSort} />
      </FilterPanel>
      <EntryList state={entries} onRetry={entries.retry} page={list.page} onPageChange={list.setPage} filtered={activeCount > 0} onChanged={recount} onRemoved={removedEntry} />
      {removed && (
        <RemovedNotice
          key={removed.id}
          entry={removed}
          onDismiss={() => setRemoved(undefined)}
          onRestored={() => {
            setRemoved(undefined);
            reload();
          }}
        />
      )}
      <ExportImportPanel onImported={reload} />
    </section>
  );
}
