/**
 * Text a spreadsheet would read as a formula (OWASP's CSV injection guidance): a cell starting with
 * `=`, `+`, `-` or `@`, or with a tab or carriage return before one. Such a cell is written with a
 * single quote in front, which Excel, LibreOffice and Google Sheets show as text, and is quoted.
 */
const formulaStart = /^[=+\-@\t\r]/;

/** A text cell as it is safe to write: a cell that would start a formula gets a leading single quote. */
export function escapeFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/** Undoes `escapeFormula` on a cell read back: a single quote before a formula character is dropped. */
export function unescapeFormula(text: string): string {
  return text.startsWith("'") && formulaStart.test(text.slice(1)) ? text.slice(1) : text;
}

/**
 * One CSV line per RFC 4180: a field is quoted when it holds a comma, a quote, a line break or edge
 * spaces, or when it is text escaped as a formula. Numbers (quantities) are written as they are.
 */
export function csvLine(fields: readonly (string | number)[]): string {
  return fields
    .map((value) => {
      if (typeof value === 'number') return String(value);
      const text = escapeFormula(value);
      return text !== value || /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(',');
}

/** A whole file: header, rows, CRLF line ends as RFC 4180 writes them. */
export function csvFile(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map(csvLine).join('\r\n') + '\r\n';
}
