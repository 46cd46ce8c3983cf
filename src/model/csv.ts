// CSV as spreadsheets read it (RFC 4180): cells with a comma, a quote or a
// line break are quoted, quotes doubled, lines end in CRLF. And a cell that a
// spreadsheet would run as a formula (starting with =, +, -, @, or a tab or
// carriage return that some treat the same) is prefixed with a ' so it stays
// text: an exported file must not run what a service sent. Pure.

/** Characters that make a spreadsheet read a cell as a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text made inert and quoted when it must be. Numbers are written as they are (a negative number is a number, not a formula). */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? String(value) : '';
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV text, each line ended by CRLF. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}
