import { api } from '../../lib/api.ts';
import type { Card } from '../../lib/catalogue-types.ts';
import type { Currency } from '../../lib/price.ts';
import { announcing } from './owned/collection-changes.ts';

/** The collection API's shapes as the app reads them (server/collection/collection-schemas.ts is the source). */
export const conditions = ['near_mint', 'lightly_played', 'moderately_played', 'heavily_played', 'damaged'] as const;
export type Condition = (typeof conditions)[number];
export const defaultCondition: Condition = 'near_mint';

export interface CollectionEntry {
  id: string;
  printingId: string;
  condition: Condition;
  quantity: number;
  addedAt: string;
  card: Card;
  /** Quantity times the printing's price in the asked currency; null when it has none. */
  value?: number | null;
}

export interface CollectionValue {
  currency: Currency;
  total: number;
  /** Entries with a price, and without one. */
  priced: number;
  unpriced: number;
  sets: Array<{ setId: string; setName: string; value: number }>;
  /** The most valuable entries, most valuable first. */
  top: CollectionEntry[];
}

/** The collection's value on each day a price changed, oldest first, today's quantities counted. */
export interface CollectionValueHistory {
  currency: Currency;
  points: Array<{ date: string; value: number }>;
}

export interface AddedEntry extends CollectionEntry {
  added: number;
  created: boolean;
}

export interface CollectionTotals {
  cards: number;
  printings: number;
  entries: number;
}

export interface SetCompletion {
  id: string;
  code: string;
  name: string;
  language: string;
  owned: number;
  total: number;
  official: number | null;
}

/** Add the file's copies to those owned, or make the file's quantities the ones owned. */
export const importModes = ['add', 'replace'] as const;
export type ImportMode = (typeof importModes)[number];

export interface ImportFailure {
  line: number;
  message: string;
}

export interface ImportResult {
  imported: number;
  cards: number;
  /** Rows left out when failed rows are skipped. */
  failures?: ImportFailure[];
  /** The same failures as CSV, when the server writes it. */
  failuresCsv?: string;
}

export const csvLayouts = ['generic', 'tcgplayer', 'cardmarket'] as const;
export type CsvLayout = (typeof csvLayouts)[number];

export interface ImportPreview {
  layout: CsvLayout;
  rows: number;
  /** Rows matched to a printing: what the import adds. */
  matchedRows: number;
  /** The first matched rows (the server's previewRows setting), not every row. */
  firstRows: Array<{
    line: number;
    printingId: string;
    name: string;
    setName: string;
    number: string;
    language: string;
    variant: string;
    condition: Condition;
    quantity: number;
    /** Copies owned after the import, in the previewed mode. */
    resulting?: number;
  }>;
  problems: Array<{ line: number; message: string }>;
  omittedProblems: number;
  totals: { cards: number; printings: number; entries: number };
}

export const maxQuantity = 9_999;

export function addToCollection(input: { printingId: string; condition: Condition; quantity: number }): Promise<AddedEntry> {
  return announcing(api.post<AddedEntry>('v1/collection', { json: input }));
}

export function changeEntry(id: string, change: { quantity?: number; condition?: Condition }): Promise<CollectionEntry> {
  return announcing(api.patch<CollectionEntry>(`v1/collection/${encodeURIComponent(id)}`, { json: change }));
}

/** Removes an entry; answers it as it was (older servers answer nothing). */
export function removeEntry(id: string): Promise<CollectionEntry | undefined> {
  return announcing(api.delete<CollectionEntry | undefined>(`v1/collection/${encodeURIComponent(id)}`));
}

/** Puts a removed entry back: the same printing, condition and quantity. */
export function restoreEntry(entry: Pick<CollectionEntry, 'printingId' | 'condition' | 'quantity'>): Promise<AddedEntry> {
  return addToCollection({ printingId: entry.printingId, condition: entry.condition, quantity: entry.quantity });
}

/** Takes back one add: removes the entry it made, or the copies it added to one that was there. */
export async function undoAdd(entry: AddedEntry): Promise<void> {
  if (entry.created || entry.quantity <= entry.added) await removeEntry(entry.id);
  else await changeEntry(entry.id, { quantity: entry.quantity - entry.added });
}

export function exportCollection(layout: CsvLayout): Promise<string> {
  return api.get<string>('v1/collection/export', { searchParams: { layout }, headers: { Accept: 'text/csv' } });
}

const csvBody = (text: string) => ({ body: text, headers: { 'Content-Type': 'text/csv' } });

export function previewImport(layout: CsvLayout, text: string, mode: ImportMode = 'add'): Promise<ImportPreview> {
  return api.post<ImportPreview>('v1/collection/import/preview', { searchParams: { layout, mode }, ...csvBody(text) });
}

export function applyImport(layout: CsvLayout, text: string, { mode = 'add', skipFailed = false }: { mode?: ImportMode; skipFailed?: boolean } = {}): Promise<ImportResult> {
  return announcing(api.post<ImportResult>('v1/collection/import', { searchParams: { layout, mode, ...(skipFailed ? { skipFailed: true } : {}) }, ...csvBody(text) }));
}

/** The failed rows as a CSV file: the server's text when it sends one, else written from the list. */
export function failuresCsv(result: ImportResult): string {
  if (result.failuresCsv) return result.failuresCsv;
  const quote = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return ['line,problem', ...(result.failures ?? []).map((failure) => `${failure.line},${quote(failure.message)}`)].join('\n') + '\n';
}

/** Copies owned of each printing of a set, every condition summed. */
export async function ownedInSet(setId: string): Promise<Map<string, number>> {
  const answer = await api.get<{ printings: Array<{ printingId: string; quantity: number }> }>(`v1/collection/sets/${encodeURIComponent(setId)}`);
  return new Map(answer.printings.map((printing) => [printing.printingId, printing.quantity]));
}

/** Copies owned of each of these printings that is owned, every condition summed. */
export async function ownedOf(printingIds: readonly string[]): Promise<Map<string, number>> {
  const answer = await api.get<{ printings: Array<{ printingId: string; quantity: number }> }>('v1/collection/owned', { searchParams: { printingIds: printingIds.join(',') } });
  return new Map(answer.printings.map((printing) => [printing.printingId, printing.quantity]));
}
