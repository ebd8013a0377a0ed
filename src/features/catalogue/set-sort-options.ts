import type { SortOption } from '../../components/filter-fields.tsx';
import { defineMessages } from '../../i18n/define-messages.ts';

const messages = defineMessages({
  nameAsc: { id: 'sets.sort.nameAsc', defaultMessage: 'Name A–Z' },
  nameDesc: { id: 'sets.sort.nameDesc', defaultMessage: 'Name Z–A' },
  codeAsc: { id: 'sets.sort.codeAsc', defaultMessage: 'Code A–Z' },
  codeDesc: { id: 'sets.sort.codeDesc', defaultMessage: 'Code Z–A' },
});

export const setSortOptions = [
  { value: 'name:asc', label: messages.nameAsc },
  { value: 'name:desc', label: messages.nameDesc },
  { value: 'code:asc', label: messages.codeAsc },
  { value: 'code:desc', label: messages.codeDesc },
] as const satisfies readonly SortOption<`${string}:${'asc' | 'desc'}`>[];

export const setSortChoices = setSortOptions.map((option) => option.value);
