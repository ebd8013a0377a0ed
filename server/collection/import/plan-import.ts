import { foldText } from '../../catalog/fold-text.ts';
import { holdsControlCharacter } from '../../control-characters.ts';
import type { NewEntry, PrintingIdentity } from '../collection-repository.ts';
import type { ImportPreview } from '../collection-schemas.ts';
import { csvRecords, CsvSyntaxError } from '../csv/read-csv.ts';
import { unescapeFormula } from '../csv/write-csv.ts';
import { layouts, type LayoutName, type PrintingKey } from '../csv-layouts.ts';

export interface PlanLimits {
  maxQuantity: number;
  maxRows: number;
  reportedProblems: number;
  previewRows: number;
}

export interface PlanTask {
  layout: LayoutName;
  /** The file as it arrived, decoded here as UTF-8. */
  file: Uint8Array;
  identities: PrintingIdentity[];
  /** The collector's entries now, `printingId|condition` and quantity: the cap counts them. */
  owned: Array<[string, number]>;
  limits: PlanLimits;
  /** Whether the entries to write are wanted (an import) or only the preview. */
  entries: boolean;
  /** add: the file's copies are added to those owned; replace: they become the quantities owned. Default add. */
  mode?: ImportMode;
}

export const importModes = ['add', 'replace'] as const;
export type ImportMode = (typeof importModes)[number];

/** A file refused whole, as HTTP will answer it. */
export interface PlanRefusal {
  status: number;
  code: string;
  message: string;
}

export type PlanOutcome = { refused: PlanRefusal } | { preview: ImportPreview; entries: NewEntry[] };

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

const refused = (status: number, code: string, message: string): PlanOutcome => ({ refused: { status, code, message } });
const conditionNames: Record<string, string> = {
  near_mint: 'Near Mint', lightly_played: 'Lightly Played', moderately_played: 'Moderately Played', heavily_played: 'Heavily Played', damaged: 'Damaged',
};
const describe = (printing: PrintingIdentity, condition: string) =>
  `${printing.name} (${printing.set_name} #${printing.local_id}, ${printing.language}, ${printing.variant}) in ${conditionNames[condition] ?? condition}`;

/**
 * Reads an import file and matches its rows to printings: what the preview shows (a summary, the
 * first rows and the rows it cannot import) and the entries an import writes, one per printing
 * and condition with its rows summed. Rows that would take an entry over the copy cap, counting
 * the copies already owned, are problems like any other. Runs on a worker thread: it touches no
 * database, only what the task carries.
 */
export function planImport(task: PlanTask): PlanOutcome {
  const { maxQuantity, maxRows, reportedProblems, previewRows } = task.limits;
  const layout = layouts[task.layout];
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(task.file);
  } catch {
    return refused(400, 'csv_not_utf8', 'The file is not CSV text in UTF-8: save it as "CSV UTF-8"');
  }
  if (text.includes('\u0000')) return refused(400, 'csv_binary', 'The file is not CSV text: it holds binary data');

  const problems: ImportPreview['problems'] = [];
  let problemCount = 0;
  const problem = (line: number, message: string) => {
    problemCount += 1;
    if (problems.length < reportedProblems) problems.push({ line, message });
  };
  const firstRows: ImportPreview['firstRows'] = [];
  const owned = new Map(task.owned);
  // Replacing sets an entry to the file's copies: what is owned now does not count toward the cap.
  const counted = task.mode === 'replace' ? new Map<string, number>() : owned;
  const firstKeys: string[] = [];
  const entries = new Map<string, NewEntry & { printing: PrintingIdentity; overCap: boolean }>();
  let rows = 0;
  let matchedRows = 0;
  let cards = 0;
  let columns: string[] | undefined;
  let index = new Map<string, number>();
  let find: ReturnType<typeof printingFinder> | undefined;

  try {
    for (const record of csvRecords(text)) {
      if (!columns) {
        columns = record.fields.map((name) => name.trim());
        const headerProblem = layout.checkHeader(new Set(columns));
        if (headerProblem) {
          return refused(400, 'csv_header', `Line 1: ${headerProblem} for the ${task.layout} layout, whose columns are ${layout.header.join(', ')}`);
        }
        index = new Map(columns.map((name, position) => [name, position]));
        find = printingFinder(task.identities);
        continue;
      }
      rows += 1;
      if (rows > maxRows) {
        return refused(400, 'import_too_many_rows', `The file has more than ${maxRows} rows; at most ${maxRows} are imported at once: split it`);
      }
      if (record.fields.length !== columns.length) {
        problem(record.line, `${record.fields.length} fields where the header has ${columns.length}`);
        continue;
      }
      if (record.fields.some((value) => holdsControlCharacter(value.replace(/[\t\r\n]/g, ' ')))) {
        problem(record.line, 'a field holds a control character');
        continue;
      }
      const cell = (column: string) => {
        const position = index.get(column);
        return position === undefined ? '' : unescapeFormula(record.fields[position]!);
      };
      const read = layout.read(cell);
      if (typeof read === 'string') {
        problem(record.line, read);
        continue;
      }
      const printing = find!(read.key);
      if (typeof printing === 'string') {
        problem(record.line, printing);
        continue;
      }
      // One printing in one condition on several rows is one entry: an upsert touches a row once per statement.
      const key = `${printing.id}|${read.condition}`;
      let entry = entries.get(key);
      if (!entry) {
        entry = { printingId: printing.id, condition: read.condition, quantity: 0, printing, overCap: false };
        entries.set(key, entry);
      }
      entry.quantity += read.quantity;
      if (read.addedAt && (!entry.addedAt || read.addedAt < entry.addedAt)) entry.addedAt = read.addedAt;
      const already = counted.get(key) ?? 0;
      if (already + entry.quantity > maxQuantity) {
        // Told once per entry, on the row that takes it over the cap.
        if (!entry.overCap) {
          entry.overCap = true;
          const ownedText = already > 0 ? `you own ${already} and ` : '';
          problem(
            record.line,
            `${describe(printing, read.condition)}: ${ownedText}the file adds ${entry.quantity} copies by this row; an entry holds at most ${maxQuantity}`,
          );
        }
        // The row is not counted, so the entry keeps the copies of the rows before it (kept when
        // failed rows are skipped).
        entry.quantity -= read.quantity;
        if (entry.quantity === 0) entries.delete(key);
        continue;
      }
      matchedRows += 1;
      cards += read.quantity;
      if (firstRows.length < previewRows) {
        firstKeys.push(key);
        firstRows.push({
          line: record.line,
          printingId: printing.id,
          name: printing.name,
          setName: printing.set_name,
          number: printing.local_id,
          language: printing.language,
          variant: printing.variant,
          condition: read.condition,
          quantity: read.quantity,
          resulting: 0,
        });
      }
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) return refused(400, 'csv_syntax', `The file is not valid CSV. ${error.message}`);
    throw error;
  }
  if (!columns) return refused(400, 'import_empty', 'The file is empty: the first line must name the columns');

  const kept = [...entries.values()];
  // Copies owned once the import is done, the file read whole: every row of one entry shows the same.
  firstRows.forEach((row, position) => {
    const key = firstKeys[position]!;
    row.resulting = (entries.get(key)?.quantity ?? 0) + (task.mode === 'replace' ? 0 : (owned.get(key) ?? 0));
  });
  return {
    preview: {
      layout: task.layout,
      rows,
      matchedRows,
      firstRows,
      problems,
      omittedProblems: problemCount - problems.length,
      totals: { cards, printings: new Set(kept.map((entry) => entry.printingId)).size, entries: kept.length },
    },
    entries: task.entries
      ? kept.map(({ printingId, condition, quantity, addedAt }) => ({ printingId, condition, quantity, ...(addedAt ? { addedAt } : {}) }))
      : [],
  };
}
