/**
 * Cells of an exported table and the CSV writer, shared by the web app (small exports built in
 * the browser) and the gateway (export jobs): one formula guard and one number rule for both.
 * Plain TypeScript without imports, so either side may load it.
 */

/** A cell of an exported table: text, or a number kept as its exact decimal text ("1000.50"). */
export type Cell = string | { number: string };
export type Table = {
  /** Lines above the header (a report's name and range), one text each. */
  caption?: readonly string[];
  header: readonly string[];
  rows: readonly (readonly Cell[])[];
};

/** The number format of amounts in a workbook: two decimals. */
export const AMOUNT_FORMAT = '0.00';

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab or CR first) gets a leading
 * apostrophe, in CSV and workbook text cells alike: a comment cannot become a formula.
 */
export function guardedText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A cell as a workbook value: numbers as numbers, text guarded. */
export function workbookValue(cell: Cell): string | number {
  return typeof cell === 'string' ? guardedText(cell) : Number(cell.number);
}

/** One CSV (RFC 4180) line without its line break. */
export function csvLine(cells: readonly Cell[]): string {
  return cells
    .map((cell) => {
      const value = typeof cell === 'string' ? guardedText(cell) : cell.number;
      return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
    })
    .join(',');
}

/** Starts a CSV file, so that spreadsheet programs read UTF-8. */
export const CSV_BOM = '\uFEFF';
export const CSV_NEWLINE = '\r\n';

/** A whole table as CSV with a BOM and CRLF line ends. */
export function toCsv(table: Table): string {
  const lines = [...(table.caption ?? []).map((text) => [text]), table.header, ...table.rows];
  return `${CSV_BOM}${lines.map(csvLine).join(CSV_NEWLINE)}${CSV_NEWLINE}`;
}
