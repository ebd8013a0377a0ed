import type { SortOption } from './filter-fields.tsx';
import { defineMessages } from '../i18n/define-messages.ts';

const messages = defineMessages({
  nameAsc: { id: 'cards.sort.nameAsc', defaultMessage: 'Name A–Z' },
  nameDesc: { id: 'cards.sort.nameDesc', defaultMessage: 'Name Z–A' },
  hpDesc: { id: 'cards.sort.hpDesc', defaultMessage: 'HP high to low' },
  hpAsc: { id: 'cards.sort.hpAsc', defaultMessage: 'HP low to high' },
  setAsc: { id: 'cards.sort.setAsc', defaultMessage: 'Set A–Z' },
  setDesc: { id: 'cards.sort.setDesc', defaultMessage: 'Set Z–A' },
  idAsc: { id: 'cards.sort.idAsc', defaultMessage: 'Number low to high' },
  idDesc: { id: 'cards.sort.idDesc', defaultMessage: 'Number high to low' },
});

/** Spec section 2: name, HP, set and number, each way; the first is the default. */
export const cardSortOptions = [
  { value: 'name:asc', label: messages.nameAsc },
  { value: 'name:desc', label: messages.nameDesc },
  { value: 'hp:desc', label: messages.hpDesc },
  { value: 'hp:asc', label: messages.hpAsc },
  { value: 'set.name:asc', label: messages.setAsc },
  { value: 'set.name:desc', label: messages.setDesc },
  { value: 'localId:asc', label: messages.idAsc },
  { value: 'localId:desc', label: messages.idDesc },
] as const satisfies readonly SortOption<`${string}:${'asc' | 'desc'}`>[];

export type CardSortChoice = (typeof cardSortOptions)[number]['value'];
export const cardSortChoices: readonly CardSortChoice[] = cardSortOptions.map((option) => option.value);

/** Within one set the printed order comes first, and sorting by set means nothing. */
export const setCardSortOptions = [
  ...cardSortOptions.filter((option) => option.value.startsWith('localId')),
  ...cardSortOptions.filter((option) => !option.value.startsWith('localId') && !option.value.startsWith('set.')),
];
export const setCardSortChoices: readonly CardSortChoice[] = setCardSortOptions.map((option) => option.value);
