import { api } from '../../lib/api.ts';
import type { Card } from '../../lib/catalogue-types.ts';

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

export const csvLayouts = ['generic', 'tcgplayer', 'cardmarket'] as const;
export type CsvLayout = (typeof csvLayouts)[number];

export interface ImportPreview {
  layout: CsvLayout;
  rows: number;
  /** Rows matched to a printing: what the import adds. */
  matchedRows: number;
  /** The first matched rows (the server's previewRows setting), not every row. */
  firstRows: Array<{ line: number; printingId: string; name: string; setName: string; number: string; language: string; variant: string; condition: Condition; quantity: number }>;
  problems: Array<{ line: number; message: string }>;
  omittedProblems: number;
  totals: { cards: number; printings: number; entries: number };
}

export const maxQuantity = 9_999;

export function addToCollection(input: { printingId: string; condition: Condition; quantity: number }): Promise<AddedEntry> {
  return api.post<AddedEntry>('v1/collection', { json: input });
}

export function changeEntry(id: string, change: { quantity?: number; condition?: Condition }): Promise<CollectionEntry> {
  return api.patch<CollectionEntry>(`v1/collection/${encodeURIComponent(id)}`, { json: change });
}

export function removeEntry(id: string): Promise<void> {
  return api.delete<void>(`v1/collection/${encodeURIComponent(id)}`);
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

export function previewImport(layout: CsvLayout, text: string): Promise<ImportPreview> {
  return api.post<ImportPreview>('v1/collection/import/preview', { searchParams: { layout }, ...csvBody(text) });
}

export function applyImport(layout: CsvLayout, text: string): Promise<{ imported: number; cards: number }> {
  return api.post<{ imported: number; cards: number }>('v1/collection/import', { searchParams: { layout }, ...csvBody(text) });
}

/** Copies owned of each printing of a set, every condition summed. */
export async function ownedInSet(setId: string): Promise<Map<string, number>> {
  const answer = await api.get<{ printings: Array<{ printingId: string; quantity: number }> }>(`v1/collection/sets/${encodeURIComponent(setId)}`);
  return new Map(answer.printings.map((printing) => [printing.printingId, printing.quantity]));
}
