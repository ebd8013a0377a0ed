import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { CardDetailSheet } from './card-detail-sheet.tsx';
import { cardByPrinting } from '../../lib/printing-lookup.ts';
import { CardList } from './card-list.tsx';
import { cardSortChoices, cardSortOptions } from '../../components/card-sort-options.ts';
import { FilterPanel } from '../../components/filter-panel.tsx';
import { LanguageField, SortField, TextField } from '../../components/filter-fields.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { defineMessages } from '../../i18n/define-messages.ts';
import type { Card, ListPage } from '../../lib/catalogue-types.ts';
import { listSearchParams } from '../../lib/list-query.ts';
import { useApiGet } from '../../lib/use-api-get.ts';
import { useCardListSearch } from '../../lib/use-card-list-search.ts';

const messages = defineMessages({
  title: { id: 'cards.title', defaultMessage: 'Cards' },
  name: { id: 'cards.filter.name', defaultMessage: 'Card name' },
  setName: { id: 'cards.filter.setName', defaultMessage: 'Set name' },
  setCode: { id: 'cards.filter.setCode', defaultMessage: 'Set code' },
  empty: { id: 'cards.empty', defaultMessage: 'No cards found' },
  emptyHint: { id: 'cards.emptyHint', defaultMessage: 'Try different filters.' },
});

const filterKeys = ['name', 'set', 'code', 'lang'] as const;

/**
 * `?card=<printing id>` opens that card's details over the list, and `&add=1` its add sheet too:
 * where a visitor who signed in to add a card comes back to.
 */
function LinkedCard() {
  const [params, setParams] = useSearchParams();
  const printingId = params.get('card');
  const [card, setCard] = useState<Card>();
  useEffect(() => {
    if (!printingId) return;
    let current = true;
    cardByPrinting(printingId).then(
      (found) => current && setCard(found),
      (error: unknown) => console.warn('Could not open the linked card:', error),
    );
    return () => {
      current = false;
    };
  }, [printingId]);
  if (!printingId || card?.id !== printingId) return null;
  const close = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('card');
        next.delete('add');
        return next;
      },
      { replace: true },
    );
  return <CardDetailSheet card={card} onClose={close} addOpen={params.get('add') === '1'} />;
}

export default function CardsPage() {
  const intl = useIntl();
  const { list, search, cardFilters } = useCardListSearch(filterKeys, cardSortChoices);
  const { filters, setFilter } = list;
  const [nameText, setNameText] = search.name;
  const [setText, setSetText] = search.set;
  const [codeText, setCodeText] = search.code;

  const cards = useApiGet<ListPage<Card>>(
    'v1/cards',
    listSearchParams({
      page: list.page,
      sort: list.sort,
      filters: {
        ...cardFilters,
      },
    }),
  );
  const activeCount = filterKeys.filter((key) => filters[key] !== '').length;

  return (
    <section className="page catalogue-page">
      <PageTitle text={intl.formatMessage(messages.title)} />
      <FilterPanel activeCount={activeCount}>
        <TextField label={intl.formatMessage(messages.name)} value={nameText} onChange={setNameText} />
        <TextField label={intl.formatMessage(messages.setName)} value={setText} onChange={setSetText} />
        <TextField label={intl.formatMessage(messages.setCode)} value={codeText} onChange={setCodeText} />
        <LanguageField value={filters.lang} onChange={(value) => setFilter('lang', value)} />
        <SortField value={list.sort} options={cardSortOptions} onChange={list.setSort} />
      </FilterPanel>
      <CardList
        state={cards}
        onRetry={cards.retry}
        page={list.page}
        onPageChange={list.setPage}
        emptyTitle={intl.formatMessage(messages.empty)}
        emptyHint={intl.formatMessage(messages.emptyHint)}
      />
      <LinkedCard />
    </section>
  );
}
