import { api } from './api.ts';
import type { Card, ListPage } from './catalogue-types.ts';
import { equals } from './filter-expression.ts';

/** The other finishes of a card in its language: one card, one language, each variant a printing. */
export async function siblingPrintings(card: { code: string; language: string }): Promise<Card[]> {
  const page = await api.get<ListPage<Card>>('v1/cards', {
    searchParams: { code: equals(card.code), 'set.language': equals(card.language), order_by: 'id', size: 20 },
  });
  return page.content;
}

export async function cardByPrinting(printingId: string): Promise<Card | undefined> {
  const page = await api.get<ListPage<Card>>('v1/cards', { searchParams: { id: equals(printingId), size: 1 } });
  return page.content[0];
}
