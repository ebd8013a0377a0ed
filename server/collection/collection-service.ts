import { cardFromRow } from '../catalog/card-service.ts';
import { toPage, type Page } from '../catalog/list-request.ts';
import { readListRequest, type ListQueryString } from '../catalog/read-list-request.ts';
import { HttpError } from '../http-error.ts';
import { serverSettings } from '../server-settings.ts';
import { collectionFilterFields, collectionSortFields, defaultCollectionSort } from './collection-fields.ts';
import { QuantityOverflow, type CollectionRepository, type Currency, type EntryRow } from './collection-repository.ts';
import type { ImportMode } from './import/plan-import.ts';
import type { Entry, ImportPreview } from './collection-schemas.ts';
import { defaultCondition, type CollectionCondition } from './conditions.ts';
import { csvFile } from './csv/write-csv.ts';
import { layouts, type LayoutName } from './csv-layouts.ts';
import { createImportPool, type ImportPool } from './import/import-pool.ts';
import type { PlanOutcome } from './import/plan-import.ts';

const settings = serverSettings.collection;

/** The rows an import left out, as a file the collector downloads and corrects. */
const failuresCsv = (failures: Array<{ line: number; message: string }>) => csvFile(['line', 'problem'], failures.map((failure) => [failure.line, failure.message]));
const maxQuantity = settings.maxQuantity.value;
const fields = { filters: collectionFilterFields, sorts: collectionSortFields, defaultSort: defaultCollectionSort };

/** An import that cannot be applied as it is: 422 with every row it could not read. */
export class ImportRefused extends HttpError {
  constructor(readonly preview: ImportPreview) {
    const first = preview.problems[0]!;
    const count = preview.problems.length + preview.omittedProblems;
    super(422, `Line ${first.line}: ${first.message}${count > 1 ? ` (and ${count - 1} more row${count > 2 ? 's' : ''})` : ''}. Nothing was imported.`, {
      code: 'import_refused',
    });
  }
}

export interface CollectionService {
  list(owner: string, query: ListQueryString): Promise<Page<Entry>>;
  add(owner: string, input: { printingId: string; condition?: CollectionCondition; quantity?: number }): Promise<{ entry: Entry; created: boolean; added: number }>;
  change(owner: string, id: string, change: { quantity?: number; condition?: CollectionCondition }): Promise<Entry>;
  /** Removes an entry and answers it as it was, so the app can add it back (undo). */
  remove(owner: string, id: string): Promise<Entry>;
  value(owner: string, currency?: Currency): Promise<CollectionValue>;
  valueHistory(owner: string, currency?: Currency): Promise<CollectionValueHistory>;
  totals: CollectionRepository['totals'];
  completion(owner: string): Promise<{ sets: Awaited<ReturnType<CollectionRepository['completion']>> }>;
  ownedInSet(owner: string, setId: string): Promise<{ setId: string; printings: Array<{ printingId: string; quantity: number }> }>;
  /** Copies owned of each asked printing that is owned; one not listed is not owned. */
  owned(owner: string, printingIds: string[]): Promise<{ printings: Array<{ printingId: string; quantity: number }> }>;
  exportCsv(owner: string, layout: LayoutName): Promise<string>;
  /** Reads a file on the import thread: its summary, first rows and problems. */
  previewImport(owner: string, layout: LayoutName, file: Uint8Array, mode?: ImportMode): Promise<ImportPreview>;
  applyImport(owner: string, layout: LayoutName, file: Uint8Array, options?: { mode?: ImportMode; skipFailed?: boolean }): Promise<ImportResult>;
  /** Stops the import thread. */
  close(): Promise<void>;
}

export interface CollectionValue {
  currency: Currency;
  total: number;
  priced: number;
  unpriced: number;
  sets: Array<{ setId: string; setName: string; value: number }>;
  top: Entry[];
}

export interface CollectionValueHistory {
  currency: Currency;
  points: Array<{ date: string; value: number }>;
}

export interface ImportResult {
  imported: number;
  cards: number;
  failures?: Array<{ line: number; message: string }>;
  failuresCsv?: string;
  omittedFailures?: number;
}

/** Cents, as every value is answered: sums of numeric(12, 2) products are exact already. */
const money = (value: string | number | null) => (value === null ? null : Math.round(Number(value) * 100) / 100);

const notFound = () => new HttpError(404, 'No such entry in your collection');
const overflow = () => new HttpError(409, `An entry holds at most ${maxQuantity} copies`, { code: 'quantity_cap' });

export function createCollectionService(
  repository: CollectionRepository,
  options: { assetsBaseUrl: string; importPool?: ImportPool },
): CollectionService {
  const importPool = options.importPool ?? createImportPool();
  const toEntry = (row: EntryRow & { value?: string | null }): Entry => ({
    ...(row.value === undefined ? {} : { value: money(row.value) }),
    id: row.entry_id,
    printingId: row.id,
    condition: row.condition,
    quantity: row.quantity,
    addedAt: new Date(row.added_at).toISOString(),
    card: cardFromRow(row, options.assetsBaseUrl),
  });

  const entry = async (owner: string, id: string) => {
    const row = await repository.findEntry(owner, id);
    if (!row) throw notFound();
    return toEntry(row);
  };

  /**
   * Reads the file on the import thread, with what it needs: the catalogue's identities and the
   * collector's quantities (the copy cap counts them). `then` runs under the collector's turn.
   */
  async function plan<T>(owner: string, layoutName: LayoutName, file: Uint8Array, entries: boolean, mode: ImportMode, then: (outcome: Exclude<PlanOutcome, { refused: unknown }>) => Promise<T>) {
    const [identities, owned] = await Promise.all([repository.printingIdentities(), repository.ownedQuantities(owner)]);
    const limits = {
      maxQuantity,
      maxRows: settings.importMaxRows.value,
      reportedProblems: settings.reportedProblems.value,
      previewRows: settings.previewRows.value,
    };
    // A copy of its own, moved to the thread: the request's buffer may share memory with others.
    const task = { layout: layoutName, file: new Uint8Array(file), identities, owned, limits, entries, mode };
    return importPool.run(owner, task, async (outcome) => {
      if ('refused' in outcome) throw new HttpError(outcome.refused.status, outcome.refused.message, { code: outcome.refused.code });
      return then(outcome);
    });
  }

  return {
    async list(owner, query) {
      const { currency, ...listQuery } = query as ListQueryString & { currency?: Currency };
      const request = readListRequest(listQuery, fields);
      return toPage(await repository.list(owner, request, currency ?? (await repository.currencyOf(owner))), request.page, request.size, toEntry);
    },

    async value(owner, asked) {
      const currency = asked ?? (await repository.currencyOf(owner));
      const rows = await repository.value(owner, currency, settings.valueTopEntries.value);
      return {
        currency,
        total: money(rows.total)!,
        priced: rows.priced,
        unpriced: rows.unpriced,
        sets: rows.sets.map((set) => ({ ...set, value: money(set.value)! })),
        top: rows.top.map(toEntry),
      };
    },

    async valueHistory(owner, asked) {
      const currency = asked ?? (await repository.currencyOf(owner));
      const points = await repository.valueHistory(owner, currency, settings.valueHistoryDays.value);
      return { currency, points: points.map((point) => ({ date: point.date, value: money(point.value)! })) };
    },

    async add(owner, input) {
      if (!(await repository.printingExists(input.printingId))) throw new HttpError(404, `No printing '${input.printingId}' in the catalogue`);
      const quantity = input.quantity ?? 1;
      try {
        const { id, created } = await repository.add(owner, { printingId: input.printingId, condition: input.condition ?? defaultCondition, quantity }, maxQuantity);
        return { entry: await entry(owner, id), created, added: quantity };
      } catch (error) {
        if (error instanceof QuantityOverflow) throw overflow();
        throw error;
      }
    },

    async change(owner, id, change) {
      try {
        const changed = await repository.change(owner, id, change, maxQuantity);
        if (changed === undefined) throw notFound();
        return await entry(owner, changed);
      } catch (error) {
        if (error instanceof QuantityOverflow) throw overflow();
        throw error;
      }
    },

    async remove(owner, id) {
      const removed = await repository.remove(owner, id);
      if (!removed) throw notFound();
      return toEntry(removed);
    },

    totals: (owner) => repository.totals(owner),

    async completion(owner) {
      return { sets: await repository.completion(owner) };
    },

    async ownedInSet(owner, setId) {
      const rows = await repository.ownedInSet(owner, setId);
      return { setId, printings: rows.map((row) => ({ printingId: row.printing_id, quantity: row.quantity })) };
    },

    async owned(owner, printingIds) {
      const rows = await repository.ownedOf(owner, [...new Set(printingIds)]);
      return { printings: rows.map((row) => ({ printingId: row.printing_id, quantity: row.quantity })) };
    },

    async exportCsv(owner, layoutName) {
      const layout = layouts[layoutName];
      const rows = await repository.exportRows(owner);
      return csvFile(
        layout.header,
        rows.map((row) =>
          layout.write({
            printingId: row.id,
            name: row.name,
            setId: row.set_id,
            setCode: row.set_code,
            setName: row.set_name,
            localId: row.local_id,
            language: row.set_language,
            variant: row.variant,
            rarity: row.rarity,
            condition: row.condition,
            quantity: row.quantity,
            addedAt: new Date(row.added_at),
            tcgplayerProductId: row.tcgplayer_product_id,
            cardmarketIdProduct: row.cardmarket_id_product,
            priceEur: row.price_eur === null ? null : Number(row.price_eur),
          }),
        ),
      );
    },

    previewImport: (owner, layoutName, file, mode = 'add') => plan(owner, layoutName, file, false, mode, async ({ preview }) => preview),

    applyImport: (owner, layoutName, file, { mode = 'add', skipFailed = false } = {}) =>
      plan(owner, layoutName, file, true, mode, async ({ preview, entries }) => {
        const failed = preview.problems.length > 0;
        if (failed && !skipFailed) throw new ImportRefused(preview);
        if (entries.length === 0) throw new HttpError(400, 'The file has no rows to import', { code: 'import_no_rows' });
        try {
          await repository.importAll(owner, entries, maxQuantity, settings.importBatchRows.value, mode);
        } catch (error) {
          // Only when another request added copies since the file was read.
          if (error instanceof QuantityOverflow) {
            throw new HttpError(409, `Importing would take an entry over ${maxQuantity} copies. Nothing was imported.`, { code: 'quantity_cap' });
          }
          throw error;
        }
        const imported = { imported: preview.matchedRows, cards: preview.totals.cards };
        if (!skipFailed) return imported;
        return { ...imported, failures: preview.problems, failuresCsv: failuresCsv(preview.problems), omittedFailures: preview.omittedProblems };
      }),

    close: () => importPool.close(),
  };
}
