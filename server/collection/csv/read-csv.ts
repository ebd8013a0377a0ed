/**
 * A CSV file read per RFC 4180: fields separated by a comma (or a semicolon, which spreadsheets in
 * French and German locales write), records by CRLF or LF, fields in double quotes may hold
 * separators, line breaks and doubled quotes. A leading byte-order mark is dropped.
 *
 * Written here because no CSV library is among the project's dependencies; the format is small
 * and the import needs each record's line number for its report, which this keeps.
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

export function readCsv(input: string, separator: ',' | ';' = detectSeparator(input)): CsvRecord[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let atFieldStart = true;

  const endRecord = () => {
    fields.push(field);
    // A blank line (one empty field) is not a record: files often end with one or two.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    atFieldStart = true;
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
      endRecord();
      i += 2;
      line++;
      recordLine = line;
    } else if (char === '\n' || char === '\r') {
      endRecord();
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
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
