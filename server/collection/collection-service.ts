import { cardFromRow } from '../catalog/card-service.ts';
import { foldText } from '../catalog/fold-text.ts';
import { toPage, type Page } from '../catalog/list-request.ts';
import { readListRequest, type ListQueryString } from '../catalog/read-list-request.ts';
import { holdsControlCharacter } from '../control-characters.ts';
import { HttpError } from '../http-error.ts';
import { serverSettings } from '../server-settings.ts';
import { collectionFilterFields, collectionSortFields, defaultCollectionSort } from './collection-fields.ts';
import { QuantityOverflow, type CollectionRepository, type EntryRow, type NewEntry, type PrintingIdentity } from './collection-repository.ts';
import type { Entry, ImportPreview } from './collection-schemas.ts';
import { defaultCondition, type CollectionCondition } from './conditions.ts';
import { csvFile } from './csv/write-csv.ts';
import { readCsv, CsvSyntaxError } from './csv/read-csv.ts';
import { layouts, type LayoutName, type PrintingKey } from './csv-layouts.ts';

const settings = serverSettings.collection;
const maxQuantity = settings.maxQuantity.value;
const fields = { filters: collectionFilterFields, sorts: collectionSortFields, defaultSort: defaultCollectionSort };

/** An import that cannot be applied as it is: 422 with every row it could not read. */
export class ImportRefused extends HttpError {
  constructor(readonly preview: ImportPreview) {
    const first = preview.problems[0]!;
    const count = preview.problems.length + preview.omittedProblems;
    super(422, `Line ${first.line}: ${first.message}${count > 1 ? ` (and ${count - 1} more row${count > 2 ? 's' : ''})` : ''}. Nothing was imported.`);
  }
}

export interface CollectionService {
  list(owner: string, query: ListQueryString): Promise<Page<Entry>>;
  add(owner: string, input: { printingId: string; condition?: CollectionCondition; quantity?: number }): Promise<{ entry: Entry; created: boolean; added: number }>;
  change(owner: string, id: string, change: { quantity?: number; condition?: CollectionCondition }): Promise<Entry>;
  remove(owner: string, id: string): Promise<void>;
  totals: CollectionRepository['totals'];
  completion(owner: string): Promise<{ sets: Awaited<ReturnType<CollectionRepository['completion']>> }>;
  ownedInSet(owner: string, setId: string): Promise<{ setId: string; printings: Array<{ printingId: string; quantity: number }> }>;
  exportCsv(owner: string, layout: LayoutName): Promise<string>;
  previewImport(owner: string, layout: LayoutName, file: string): Promise<ImportPreview>;
  applyImport(owner: string, layout: LayoutName, file: string): Promise<{ imported: number; cards: number }>;
}

const notFound = () => new HttpError(404, 'No such entry in your collection');
const overflow = () => new HttpError(409, `An entry holds at most ${maxQuantity} copies`);

/** Card numbers as collectors write them: "025/165" and "25" are one card, "TG07" another. */
export function normalizeNumber(number: string): string {
  const own = number.split('/')[0]!.trim().toLowerCase();
  return own.replace(/^0+(?=[0-9a-z])/, '');
}

/** Finds printings by what a CSV row names, from one read of the catalogue's identities. */
function printingFinder(identities: PrintingIdentity[]) {
  const byId = new Map(identities.map((printing) => [printing.id, printing]));
  const byKey = new Map<string, PrintingIdentity[]>();
  const push = (key: string, printing: PrintingIdentity) => {
    const list = byKey.get(key);
    if (list) list.push(printing);
    else byKey.set(key, [printing]);
  };
  for (const printing of identities) {
    const tail = `${normalizeNumber(printing.local_id)}|${printing.language}`;
    push(`id:${printing.set_id}|${tail}`, printing);
    push(`code:${printing.set_code.toLowerCase()}|${tail}`, printing);
    push(`name:${foldText(printing.set_name)}|${tail}`, printing);
  }
  return (key: PrintingKey): PrintingIdentity | string => {
    if (key.printingId !== undefined) return byId.get(key.printingId) ?? `no printing '${key.printingId}' in the catalogue`;
    if (key.number === undefined) return 'the card number is empty';
    if (key.language === undefined) return 'the language is empty';
    const tail = `${normalizeNumber(key.number)}|${key.language}`;
    const sets = [
      key.setId && `id:${key.setId}`,
      key.setCode && `code:${key.setCode.toLowerCase()}`,
      key.setName && `name:${foldText(key.setName)}`,
    ].filter((set): set is string => Boolean(set));
    if (sets.length === 0) return 'the set is empty';
    const printings = sets.map((set) => byKey.get(`${set}|${tail}`)).find((found) => found !== undefined);
    const setText = key.setName ?? key.setCode ?? key.setId;
    if (!printings) return `no card #${key.number} in set '${setText}' in ${key.language} in the catalogue`;
    for (const variant of key.variants) {
      const found = printings.find((printing) => printing.variant === variant);
      if (found) return found;
    }
    return `card #${key.number} of '${setText}' has no ${key.variants.join(' or ')} printing (it has ${printings.map((p) => p.variant).join(', ')})`;
  };
}

function readFileText(file: string): string {
  if (file.includes('\u0000')) throw new HttpError(400, 'The file is not CSV text: it holds binary data');
  if (file.includes('\uFFFD')) throw new HttpError(400, 'The file is not CSV text in UTF-8: save it as "CSV UTF-8"');
  return file;
}

export function createCollectionService(repository: CollectionRepository, options: { assetsBaseUrl: string }): CollectionService {
  const toEntry = (row: EntryRow): Entry => ({
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

  async function plan(layoutName: LayoutName, file: string): Promise<{ preview: ImportPreview; entries: NewEntry[] }> {
    const layout = layouts[layoutName];
    let records;
    try {
      records = readCsv(readFileText(file));
    } catch (error) {
      if (error instanceof CsvSyntaxError) throw new HttpError(400, `The file is not valid CSV. ${error.message}`);
      throw error;
    }
    const [header, ...rows] = records;
    if (!header) throw new HttpError(400, 'The file is empty: the first line must name the columns');
    const columns = header.fields.map((name) => name.trim());
    const headerProblem = layout.checkHeader(new Set(columns));
    if (headerProblem) {
      throw new HttpError(400, `Line 1: ${headerProblem} for the ${layoutName} layout, whose columns are ${layout.header.join(', ')}`);
    }
    if (rows.length > settings.importMaxRows.value) {
      throw new HttpError(400, `The file has ${rows.length} rows; at most ${settings.importMaxRows.value} are imported at once: split it`);
    }
    const index = new Map(columns.map((name, position) => [name, position]));
    const find = printingFinder(await repository.printingIdentities());
    const problems: ImportPreview['problems'] = [];
    const matched: ImportPreview['matched'] = [];
    const entries = new Map<string, NewEntry>();
    for (const row of rows) {
      if (row.fields.length !== columns.length) {
        problems.push({ line: row.line, message: `${row.fields.length} fields where the header has ${columns.length}` });
        continue;
      }
      const cell = (column: string) => {
        const position = index.get(column);
        return position === undefined ? '' : row.fields[position]!;
      };
      if (row.fields.some((value) => holdsControlCharacter(value.replace(/[\t\r\n]/g, ' ')))) {
        problems.push({ line: row.line, message: 'a field holds a control character' });
        continue;
      }
      const read = layout.read(cell);
      if (typeof read === 'string') {
        problems.push({ line: row.line, message: read });
        continue;
      }
      const printing = find(read.key);
      if (typeof printing === 'string') {
        problems.push({ line: row.line, message: printing });
        continue;
      }
      matched.push({
        line: row.line,
        printingId: printing.id,
        name: printing.name,
        setName: printing.set_name,
        number: printing.local_id,
        language: printing.language,
        variant: printing.variant,
        condition: read.condition,
        quantity: read.quantity,
      });
      // One printing in one condition on several rows is one entry: an upsert touches a row once per statement.
      const key = `${printing.id}|${read.condition}`;
      const earlier = entries.get(key);
      if (earlier) {
        earlier.quantity += read.quantity;
        if (read.addedAt && (!earlier.addedAt || read.addedAt < earlier.addedAt)) earlier.addedAt = read.addedAt;
      } else {
        entries.set(key, { printingId: printing.id, condition: read.condition, quantity: read.quantity, ...(read.addedAt ? { addedAt: read.addedAt } : {}) });
      }
    }
    const shown = problems.slice(0, settings.reportedProblems.value);
    const list = [...entries.values()];
    return {
      preview: {
        layout: layoutName,
        rows: rows.length,
        matched,
        problems: shown,
        omittedProblems: problems.length - shown.length,
        totals: { cards: list.reduce((sum, item) => sum + item.quantity, 0), printings: new Set(list.map((item) => item.printingId)).size },
      },
      entries: list,
    };
  }

  return {
    async list(owner, query) {
      const request = readListRequest(query, fields);
      return toPage(await repository.list(owner, request), request.page, request.size, toEntry);
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
      if (!(await repository.remove(owner, id))) throw notFound();
    },

    totals: (owner) => repository.totals(owner),

    async completion(owner) {
      return { sets: await repository.completion(owner) };
    },

    async ownedInSet(owner, setId) {
      const rows = await repository.ownedInSet(owner, setId);
      return { setId, printings: rows.map((row) => ({ printingId: row.printing_id, quantity: row.quantity })) };
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
          }),
        ),
      );
    },

    async previewImport(_owner, layoutName, file) {
      return (await plan(layoutName, file)).preview;
    },

    async applyImport(owner, layoutName, file) {
      const { preview, entries } = await plan(layoutName, file);
      if (preview.problems.length > 0) throw new ImportRefused(preview);
      if (entries.length === 0) throw new HttpError(400, 'The file has no rows to import');
      try {
        await repository.importAll(owner, entries, maxQuantity, settings.importBatchRows.value);
      } catch (error) {
        if (error instanceof QuantityOverflow) throw new HttpError(409, `Importing would take an entry over ${maxQuantity} copies. Nothing was imported.`);
        throw error;
      }
      return { imported: preview.matched.length, cards: preview.totals.cards };
    },
  };
}
