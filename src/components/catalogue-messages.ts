import { defineMessages } from '../i18n/define-messages.ts';

/** Texts the catalogue pieces share: what a card and a set show, whichever screen shows them. */
export const catalogueMessages = defineMessages({
  noImage: { id: 'catalogue.noImage', defaultMessage: 'No image' },
  noSymbol: { id: 'catalogue.noSymbol', defaultMessage: 'No symbol' },
  hp: { id: 'catalogue.hp', defaultMessage: 'HP {hp}' },
  hpLabel: { id: 'catalogue.hpLabel', defaultMessage: 'HP' },
  localId: { id: 'catalogue.localId', defaultMessage: '#{localId}' },
  details: { id: 'catalogue.details', defaultMessage: 'Details' },
  set: { id: 'catalogue.set', defaultMessage: 'Set' },
  number: { id: 'catalogue.number', defaultMessage: 'Number' },
  variant: { id: 'catalogue.variant', defaultMessage: 'Variant' },
  rarity: { id: 'catalogue.rarity', defaultMessage: 'Rarity' },
  types: { id: 'catalogue.types', defaultMessage: 'Types' },
  illustrator: { id: 'catalogue.illustrator', defaultMessage: 'Illustrator' },
  language: { id: 'catalogue.language', defaultMessage: 'Language' },
  attacks: { id: 'catalogue.attacks', defaultMessage: 'Attacks' },
  noAttacks: { id: 'catalogue.noAttacks', defaultMessage: 'No attacks' },
  unknown: { id: 'catalogue.unknown', defaultMessage: 'Unknown' },
  sort: { id: 'catalogue.sort', defaultMessage: 'Sort' },
  activeFilters: { id: 'catalogue.activeFilters', defaultMessage: '{count, plural, one {# active filter} other {# active filters}}' },
  setCode: { id: 'catalogue.setCode', defaultMessage: '{name} ({code})' },
});

export const languageMessages = defineMessages({
  en: { id: 'catalogue.languageOption.en', defaultMessage: 'EN English' },
  fr: { id: 'catalogue.languageOption.fr', defaultMessage: 'FR Français' },
  de: { id: 'catalogue.languageOption.de', defaultMessage: 'DE Deutsch' },
  it: { id: 'catalogue.languageOption.it', defaultMessage: 'IT Italiano' },
  ja: { id: 'catalogue.languageOption.ja', defaultMessage: 'JA 日本語' },
});

export type CatalogueLanguage = keyof typeof languageMessages;
export const catalogueLanguages = Object.keys(languageMessages) as CatalogueLanguage[];
