/** One CSV line per RFC 4180: a field is quoted when it holds a comma, a quote, a line break or edge spaces. */
export function csvLine(fields: readonly (string | number)[]): string {
  return fields
    .map((value) => {
      const text = String(value);
      return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(',');
}

/** A whole file: header, rows, CRLF line ends as RFC 4180 writes them. */
export function csvFile(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map(csvLine).join('\r\n') + '\r\n';
}
