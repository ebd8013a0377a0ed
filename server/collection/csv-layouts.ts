import type { CollectionCondition } from './conditions.ts';
import { serverSettings } from '../server-settings.ts';

/**
 * The CSV layouts the collection is exported in and imported from. docs/collection.md
 * documents each one and where its columns come from.
 */
export const layoutNames = ['generic', 'tcgplayer', 'cardmarket'] as const;
export type LayoutName = (typeof layoutNames)[number];

/** One entry of the collection with what every layout writes about its printing. */
export interface ExportRow {
  printingId: string;
  name: string;
  setId: string;
  setCode: string;
  setName: string;
  localId: string;
  language: string;
  variant: string;
  rarity: string | null;
  condition: CollectionCondition;
  quantity: number;
  addedAt: Date;
  /** The marketplaces' product ids, where the catalogue's prices came with them. */
  tcgplayerProductId?: number | null;
  cardmarketIdProduct?: number | null;
  /** The printing's own EUR price (Cardmarket's trend), which Cardmarket's stock asks of every article. */
  priceEur?: number | null;
}

/** What a row names to find its printing: the id itself, or its set, number, language and finish. */
export interface PrintingKey {
  printingId?: string;
  setId?: string;
  setCode?: string;
  setName?: string;
  number?: string;
  language?: string;
  /** Variants the row can mean, the likeliest first (a Cardmarket row without flags is normal or holo). */
  variants: string[];
}

export interface ReadRow {
  key: PrintingKey;
  condition: CollectionCondition;
  quantity: number;
  addedAt?: Date;
}

export interface Layout {
  header: readonly string[];
  /** What is wrong with a header, or undefined when the rows can be read. */
  checkHeader(columns: ReadonlySet<string>): string | undefined;
  write(row: ExportRow): (string | number)[];
  /** The row's meaning, or what is wrong with it. */
  read(cell: (column: string) => string): ReadRow | string;
}

const languageNames: Record<string, string> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  es: 'Spanish',
  pt: 'Portuguese',
  ja: 'Japanese',
  ko: 'Korean',
  ru: 'Russian',
  'zh-cn': 'Simplified Chinese',
  'zh-tw': 'Traditional Chinese',
};

/** Cardmarket's idLanguage numbers (its stock API documentation). */
const cardmarketLanguageIds: Record<string, string> = {
  '1': 'en', '2': 'fr', '3': 'de', '4': 'es', '5': 'it', '6': 'zh-cn', '7': 'ja', '8': 'pt', '9': 'ru', '10': 'ko', '11': 'zh-tw',
};

function readLanguage(value: string): string | undefined {
  const text = value.trim().toLowerCase();
  if (text === '') return undefined;
  if (Object.hasOwn(languageNames, text)) return text;
  const byName = Object.entries(languageNames).find(([, name]) => name.toLowerCase() === text);
  if (byName) return byName[0];
  if (Object.hasOwn(cardmarketLanguageIds, text)) return cardmarketLanguageIds[text];
  return text;
}

const languageName = (code: string) => languageNames[code] ?? code;

function readQuantity(value: string): number | string {
  const text = value.trim();
  if (!/^\d{1,9}$/.test(text)) return `quantity '${value}' is not a whole number`;
  const quantity = Number(text);
  const max = serverSettings.collection.maxQuantity.value;
  if (quantity < 1) return 'quantity must be at least 1';
  if (quantity > max) return `quantity ${quantity} is over ${max}`;
  return quantity;
}

function conditionReader(names: Record<string, CollectionCondition>, layout: string) {
  return (value: string): CollectionCondition | string => {
    const text = value.trim().toLowerCase().replaceAll('_', ' ');
    const condition = names[text];
    return condition ?? `condition '${value}' is not one of ${layout}'s: ${[...new Set(Object.keys(names))].join(', ')}`;
  };
}

function missingColumns(columns: ReadonlySet<string>, required: readonly string[]): string | undefined {
  const missing = required.filter((column) => !columns.has(column));
  if (missing.length === 0) return undefined;
  return `missing column${missing.length > 1 ? 's' : ''} ${missing.map((column) => `'${column}'`).join(', ')}`;
}

const genericConditions: Record<string, CollectionCondition> = {
  nm: 'near_mint', 'near mint': 'near_mint',
  lp: 'lightly_played', 'lightly played': 'lightly_played',
  mp: 'moderately_played', 'moderately played': 'moderately_played',
  hp: 'heavily_played', 'heavily played': 'heavily_played',
  dmg: 'damaged', damaged: 'damaged',
};
const genericConditionCodes: Record<CollectionCondition, string> = {
  near_mint: 'NM', lightly_played: 'LP', moderately_played: 'MP', heavily_played: 'HP', damaged: 'DMG',
};

const generic: Layout = {
  header: ['printing_id', 'name', 'set_id', 'set_code', 'set_name', 'number', 'language', 'finish', 'condition', 'quantity', 'added_at'],
  checkHeader(columns) {
    const base = missingColumns(columns, ['condition', 'quantity']);
    if (base) return base;
    if (columns.has('printing_id')) return undefined;
    const byNumber = missingColumns(columns, ['number', 'language', 'finish']);
    if (byNumber || !(columns.has('set_id') || columns.has('set_code') || columns.has('set_name'))) {
      return "missing column 'printing_id' (or 'set_code', 'number', 'language' and 'finish')";
    }
    return undefined;
  },
  write: (row) => [
    row.printingId, row.name, row.setId, row.setCode, row.setName, row.localId, row.language, row.variant,
    genericConditionCodes[row.condition], row.quantity, row.addedAt.toISOString(),
  ],
  read(cell) {
    const quantity = readQuantity(cell('quantity'));
    if (typeof quantity === 'string') return quantity;
    const condition = conditionReader(genericConditions, 'this layout')(cell('condition'));
    if (!(condition in genericConditionCodes)) return condition;
    const addedText = cell('added_at').trim();
    const addedAt = addedText === '' ? undefined : new Date(addedText);
    if (addedAt && Number.isNaN(addedAt.getTime())) return `added_at '${addedText}' is not a date`;
    const finish = cell('finish').trim();
    return {
      key: {
        printingId: cell('printing_id').trim() || undefined,
        setId: cell('set_id').trim() || undefined,
        setCode: cell('set_code').trim() || undefined,
        setName: cell('set_name').trim() || undefined,
        number: cell('number').trim() || undefined,
        language: readLanguage(cell('language')),
        variants: finish ? [finish] : ['normal'],
      },
      condition: condition as CollectionCondition,
      quantity,
      ...(addedAt ? { addedAt } : {}),
    };
  },
};

/** TCGplayer's printings (its fixed list) and the catalogue's variants. */
const tcgplayerPrintings: Record<string, string[]> = {
  normal: ['normal', 'wPromo'],
  unlimited: ['normal'],
  holofoil: ['holo'],
  'unlimited holofoil': ['holo'],
  'reverse holofoil': ['reverse'],
  '1st edition': ['firstEdition'],
  '1st edition holofoil': ['firstEdition'],
};
const tcgplayerPrintingOf: Record<string, string> = { normal: 'Normal', holo: 'Holofoil', reverse: 'Reverse Holofoil', firstEdition: '1st Edition', wPromo: 'Normal' };
const tcgplayerConditionNames: Record<CollectionCondition, string> = {
  near_mint: 'Near Mint', lightly_played: 'Lightly Played', moderately_played: 'Moderately Played', heavily_played: 'Heavily Played', damaged: 'Damaged',
};
const tcgplayerConditions = Object.fromEntries(Object.entries(tcgplayerConditionNames).map(([code, name]) => [name.toLowerCase(), code as CollectionCondition]));

const tcgplayer: Layout = {
  header: ['Quantity', 'Name', 'Simple Name', 'Set', 'Card Number', 'Set Code', 'Printing', 'Condition', 'Language', 'Rarity', 'Product ID', 'SKU'],
  checkHeader: (columns) => missingColumns(columns, ['Quantity', 'Name', 'Set', 'Card Number', 'Condition']),
  write: (row) => [
    row.quantity, row.name, row.name, row.setName, row.localId, row.setCode, tcgplayerPrintingOf[row.variant] ?? 'Normal',
    // SKU (a product in one condition, language and printing) is TCGplayer's own number, which no
    // public source gives: left empty, TCGplayer matches the row by its Product ID and columns.
    tcgplayerConditionNames[row.condition], languageName(row.language), row.rarity ?? '', row.tcgplayerProductId ?? '', '',
  ],
  read(cell) {
    const quantity = readQuantity(cell('Quantity'));
    if (typeof quantity === 'string') return quantity;
    // TCGplayer writes the printing into the condition of foils too: "Near Mint Holofoil".
    const conditionText = cell('Condition').replace(/\s+(reverse\s+)?holofoil$/i, '').replace(/\s+foil$/i, '');
    const condition = conditionReader(tcgplayerConditions, 'TCGplayer')(conditionText);
    if (!(condition in tcgplayerConditionNames)) return condition;
    const printing = cell('Printing').trim().toLowerCase() || 'normal';
    const variants = tcgplayerPrintings[printing];
    if (!variants) return `printing '${cell('Printing')}' is not one of TCGplayer's: ${Object.values(tcgplayerPrintingOf).filter((v, i, all) => all.indexOf(v) === i).join(', ')}`;
    return {
      key: {
        setCode: cell('Set Code').trim() || undefined,
        setName: cell('Set').trim() || undefined,
        number: cell('Card Number').trim() || undefined,
        language: readLanguage(cell('Language')) ?? 'en',
        variants,
      },
      condition: condition as CollectionCondition,
      quantity,
    };
  },
};

/**
 * Cardmarket grades on its own scale (MT, NM, EX, GD, LP, PL, PO); this is the usual equivalence
 * with the North American one, chosen so an export read back keeps every condition.
 */
const cardmarketConditionOf: Record<CollectionCondition, string> = {
  near_mint: 'NM', lightly_played: 'EX', moderately_played: 'GD', heavily_played: 'PL', damaged: 'PO',
};
const cardmarketConditions: Record<string, CollectionCondition> = {
  mt: 'near_mint', nm: 'near_mint', ex: 'lightly_played', gd: 'moderately_played', lp: 'heavily_played', pl: 'heavily_played', po: 'damaged',
};
const yes = (value: string) => ['true', '1', 'yes', 'x'].includes(value.trim().toLowerCase());

const cardmarket: Layout = {
  header: ['idProduct', 'Count', 'Name', 'Expansion', 'Number', 'Language', 'Condition', 'isFoil', 'isReverseHolo', 'isFirstEd', 'Price', 'Comments'],
  checkHeader: (columns) => missingColumns(columns, ['Count', 'Name', 'Expansion', 'Number', 'Language', 'Condition']),
  write: (row) => [
    row.cardmarketIdProduct ?? '', row.quantity, row.name, row.setName, row.localId, languageName(row.language), cardmarketConditionOf[row.condition],
    row.variant === 'holo' ? 'true' : 'false', row.variant === 'reverse' ? 'true' : 'false', row.variant === 'firstEdition' ? 'true' : 'false',
    row.priceEur?.toFixed(2) ?? '', '',
  ],
  read(cell) {
    const quantity = readQuantity(cell('Count'));
    if (typeof quantity === 'string') return quantity;
    const condition = conditionReader(cardmarketConditions, 'Cardmarket')(cell('Condition'));
    if (!(condition in cardmarketConditionOf)) return condition;
    const variants = yes(cell('isReverseHolo'))
      ? ['reverse']
      : yes(cell('isFirstEd'))
        ? ['firstEdition']
        : yes(cell('isFoil'))
          ? ['holo']
          : ['normal', 'holo', 'wPromo'];
    return {
      key: { setName: cell('Expansion').trim() || undefined, number: cell('Number').trim() || undefined, language: readLanguage(cell('Language')), variants },
      condition: condition as CollectionCondition,
      quantity,
    };
  },
};

export const layouts: Record<LayoutName, Layout> = { generic, tcgplayer, cardmarket };
