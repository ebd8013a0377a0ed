/**
 * A CSV file read per RFC 4180: fields separated by a comma (or a semicolon, which spreadsheets in
 * French and German locales write), records by CRLF or LF, fields in double quotes may hold
 * separators, line breaks and doubled quotes. A leading byte-order mark is dropped.
 *
 * Written here rather than taken from csv-parse: the format is small, the import reports each
 * record by the line it starts on (csv-parse counts the line it ends on) and its syntax errors in
 * the collector's words. Records are yielded one at a time, so a reader can stop at a row cap
 * without holding the whole file as records.
 */
export interface CsvRecord {
  /** One-based line of the file where the record starts (the header is line 1). */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`Line ${line}: ${message}`);
    this.name = 'CsvSyntaxError';
  }
}

/** The separator the header line uses: a semicolon only when the header holds one and no comma. */
export function detectSeparator(text: string): ',' | ';' {
  const end = text.search(/\r?\n/);
  const header = end === -1 ? text : text.slice(0, end);
  return !header.includes(',') && header.includes(';') ? ';' : ',';
}

export function* csvRecords(input: string, separator: ',' | ';' = detectSeparator(input)): Generator<CsvRecord> {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let atFieldStart = true;

  /** The record that ends here, or undefined for a blank line (files often end with one or two). */
  const endRecord = (): CsvRecord | undefined => {
    fields.push(field);
    const record = fields.length === 1 && fields[0] === '' ? undefined : { line: recordLine, fields };
    fields = [];
    field = '';
    atFieldStart = true;
    return record;
  };

  while (i < text.length) {
    const char = text[i]!;
    if (atFieldStart && char === '"') {
      const openedOn = line;
      i++;
      for (;;) {
        if (i >= text.length) throw new CsvSyntaxError('a quoted field is never closed', openedOn);
        const inner = text[i]!;
        if (inner === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (inner === '\n') line++;
        field += inner;
        i++;
      }
      const next = text[i];
      if (next !== undefined && next !== separator && next !== '\n' && next !== '\r') {
        throw new CsvSyntaxError('a quoted field is followed by text before the next separator', line);
      }
      atFieldStart = false;
      continue;
    }
    if (char === separator) {
      fields.push(field);
      field = '';
      atFieldStart = true;
      i++;
    } else if (char === '\r' && text[i + 1] === '\n') {
      const record = endRecord();
      if (record) yield record;
      i += 2;
      line++;
      recordLine = line;
    } else if (char === '\n' || char === '\r') {
      const record = endRecord();
      if (record) yield record;
      i++;
      line++;
      recordLine = line;
    } else {
      if (char === '"') throw new CsvSyntaxError('a double quote inside a field that is not quoted', line);
      field += char;
      atFieldStart = false;
      i++;
    }
  }
  if (field !== '' || fields.length > 0) {
    const record = endRecord();
    if (record) yield record;
  }
}

export function readCsv(input: string, separator: ',' | ';' = detectSeparator(input)): CsvRecord[] {
  return [...csvRecords(input, separator)];
}
