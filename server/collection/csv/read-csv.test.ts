import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, readCsv } from './read-csv.ts';
import { csvFile, csvLine, unescapeFormula } from './write-csv.ts';

const fields = (text: string) => readCsv(text).map((record) => record.fields);

describe('reading CSV', () => {
  it('reads quoted separators, doubled quotes and line breaks inside quotes, with the line each record starts on', () => {
    const records = readCsv('a,b\r\n"x, y","say ""hi"""\r\n"two\nlines",z\r\nlast,row');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 3, fields: ['two\nlines', 'z'] },
      { line: 5, fields: ['last', 'row'] },
    ]);
  });

  it('drops a byte-order mark and blank lines, keeps empty fields', () => {
    expect(fields('\uFEFFa,b\n\n1,\n,2\n\n')).toEqual([['a', 'b'], ['1', ''], ['', '2']]);
  });

  it('reads a semicolon-separated file when its header has no comma', () => {
    expect(fields('a;b\n"1,5";2\n')).toEqual([['a', 'b'], ['1,5', '2']]);
  });

  it.each([
    ['a\n"open,1\n', 'Line 2: a quoted field is never closed'],
    ['a\n"x"y\n', 'Line 2: a quoted field is followed by text'],
    ['a\nx"y\n', 'Line 2: a double quote inside a field that is not quoted'],
  ])('refuses %j: %s', (text, message) => {
    expect(() => readCsv(text)).toThrow(CsvSyntaxError);
    expect(() => readCsv(text)).toThrow(message);
  });

  it('reads back what it writes', () => {
    const rows = [['Pikachu', 'Beta (Promo), Series', ' padded ', 'say "hi"', 'two\nlines', 3]];
    const written = csvFile(['a', 'b', 'c', 'd', 'e', 'f'], rows);
    expect(fields(written)).toEqual([['a', 'b', 'c', 'd', 'e', 'f'], rows[0]!.map(String)]);
    expect(csvLine(['plain', 'x,y'])).toBe('plain,"x,y"');
  });
});

describe('writing CSV for spreadsheets', () => {
  it('escapes text that starts like a formula with a quote, and leaves numbers alone', () => {
    expect(csvLine(['=1+2', '+33 6', '-x', '@SUM(A1)', '\tTab', '\rCR', 'Pikachu', -5, 12])).toBe(
      `"'=1+2","'+33 6","'-x","'@SUM(A1)","'\tTab","'\rCR",Pikachu,-5,12`,
    );
  });

  it('reads an escaped cell back as it was', () => {
    const rows = [['=1+2', "'kept", '-'], ['@x', 'a-b', '+']];
    expect(fields(csvFile(['a', 'b', 'c'], rows)).slice(1).map((row) => row.map(unescapeFormula))).toEqual(rows);
  });
});
