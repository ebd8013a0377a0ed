import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { CardList } from './card-list.tsx';
import { setCardSortChoices, setCardSortOptions } from '../../components/card-sort-options.ts';
import { catalogueMessages } from '../../components/catalogue-messages.ts';
import { FallbackImage } from '../../components/fallback-image.tsx';
import { SortField, TextField } from '../../components/filter-fields.tsx';
import { FilterPanel } from '../../components/filter-panel.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { commonMessages } from '../../i18n/common-messages.ts';
import { defineMessages } from '../../i18n/define-messages.ts';
import { ApiError } from '../../lib/api-error.ts';
import { setImageUrl } from '../../lib/catalogue-images.ts';
import type { Card, CardSet, ListPage } from '../../lib/catalogue-types.ts';
import { containsIgnoringCase, equals } from '../../lib/filter-expression.ts';
import { listSearchParams, searchDebounceMs } from '../../lib/list-query.ts';
import { useApiGet } from '../../lib/use-api-get.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { useListUrlState } from '../../lib/use-list-url-state.ts';
import { ownedInSet } from '../collection/index.ts';
import { authAtom } from '../../state/auth.ts';

const messages = defineMessages({
  title: { id: 'setDetails.title', defaultMessage: 'Set' },
  backToSets: { id: 'setDetails.backToSets', defaultMessage: 'Back to all sets' },
  name: { id: 'setDetails.filter.name', defaultMessage: 'Card name' },
  empty: { id: 'setDetails.empty', defaultMessage: 'No cards in this set' },
  noMatch: { id: 'setDetails.noMatch', defaultMessage: 'No cards match these filters' },
  notFound: { id: 'setDetails.notFound', defaultMessage: 'Set not found' },
  notFoundHint: { id: 'setDetails.notFoundHint', defaultMessage: 'There is no set at this address.' },
  allSets: { id: 'setDetails.allSets', defaultMessage: 'See all sets' },
  code: { id: 'setDetails.code', defaultMessage: 'Code' },
  cards: { id: 'setDetails.cards', defaultMessage: 'Cards in this set' },
});

const filterKeys = ['name'] as const;

function SetHeader({ set }: { set: CardSet }) {
  const intl = useIntl();
  return (
    <header className="set-header">
      <span className="set-logo-frame">
        <FallbackImage className="set-logo" src={setImageUrl(set.logo ?? set.symbol)} alt={set.name} placeholder={intl.formatMessage(catalogueMessages.noSymbol)} />
      </span>
      <div className="set-header-text">
        <PageTitle text={set.name} />
        <dl className="set-header-facts">
          <div>
            <dt>{intl.formatMessage(messages.code)}</dt>
            <dd>
              <span className="code-badge">{set.code}</span>
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage(catalogueMessages.language)}</dt>
            <dd>
              <span className="language-badge">{set.language.toUpperCase()}</span>
            </dd>
          </div>
        </dl>
      </div>
    </header>
  );
}

/** What the signed-in collector owns of the set, to mark those tiles; nothing for a visitor. */
function useOwnedInSet(setId: string): ReadonlyMap<string, number> | undefined {
  const { authenticated } = useAtomValue(authAtom);
  const [owned, setOwned] = useState<ReadonlyMap<string, number>>();
  useEffect(() => {
    if (!authenticated) return;
    let current = true;
    ownedInSet(setId).then(
      (printings) => current && setOwned(printings),
      (error: unknown) => console.warn('Could not read the cards owned in this set:', error),
    );
    return () => {
      current = false;
    };
  }, [authenticated, setId]);
  return authenticated ? owned : undefined;
}

export default function SetDetailsPage() {
  const intl = useIntl();
  const id = useParams().id ?? '';
  const owned = useOwnedInSet(id);
  const set = useApiGet<CardSet>(`v1/sets/${encodeURIComponent(id)}`);
  const list = useListUrlState(filterKeys, setCardSortChoices);
  const [nameText, setNameText] = useDebouncedSearch(list.filters.name, (value) => list.setFilter('name', value), searchDebounceMs);
  const cards = useApiGet<ListPage<Card>>(
    'v1/cards',
    listSearchParams({
      page: list.page,
      sort: list.sort,
      filters: { 'set.id': equals(id), name: list.filters.name && containsIgnoringCase(list.filters.name) },
    }),
  );

  const back = (
    <Link className="back-link" to="/sets" aria-label={intl.formatMessage(messages.backToSets)}>
      <span aria-hidden="true">←</span> {intl.formatMessage(commonMessages.back)}
    </Link>
  );
  if (set.status === 'error' && set.error instanceof ApiError && set.error.status === 404) {
    return (
      <section className="page catalogue-page">
        {back}
        <PageTitle text={intl.formatMessage(messages.notFound)} />
        <div className="empty-state" role="status">
          <p className="empty-state-hint">{intl.formatMessage(messages.notFoundHint)}</p>
          <Link className="button" to="/sets">
            {intl.formatMessage(messages.allSets)}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="page catalogue-page">
      {back}
      {set.status === 'ready' && <SetHeader set={set.data} />}
      {set.status === 'loading' && <PageTitle text={intl.formatMessage(messages.title)} />}
      {set.status === 'error' && (
        <>
          <PageTitle text={intl.formatMessage(messages.title)} />
          <LoadError error={set.error} onRetry={set.retry} />
        </>
      )}
      <h2 className="visually-hidden">{intl.formatMessage(messages.cards)}</h2>
      <FilterPanel activeCount={list.filters.name === '' ? 0 : 1}>
        <TextField label={intl.formatMessage(messages.name)} value={nameText} onChange={setNameText} />
        <SortField value={list.sort} options={setCardSortOptions} onChange={list.setSort} />
      </FilterPanel>
      <CardList
        state={cards}
        onRetry={cards.retry}
        page={list.page}
        onPageChange={list.setPage}
        emptyTitle={intl.formatMessage(list.filters.name === '' ? messages.empty : messages.noMatch)}
        owned={owned}
      />
    </section>
  );
}
