/**
 * Cells of an exported table and the CSV writer, shared by the web app (small exports built in
 * the browser) and the gateway (export jobs): one formula guard and one number rule for both.
 * Plain TypeScript without imports, so either side may load it.
 */

/**
 * A cell of an exported table: text, or a number kept as its exact decimal text ("1000.50"): an
 * amount unless it says it is a count or a percent (in percent units: "-0.82" for -0.82 %).
 */
export type Cell = string | { number: string; kind?: 'count' | 'percent' };
export type Table = {
  /** Lines above the header (a report's name and range), one text each. */
  caption?: readonly string[];
  header: readonly string[];
  rows: readonly (readonly Cell[])[];
};

/** The number format of amounts in a workbook: two decimals. */
export const AMOUNT_FORMAT = '0.00';
/** Counts are whole numbers; a percent cell holds the percent units and shows its sign. */
export const COUNT_FORMAT = '0';
export const PERCENT_FORMAT = '0.00"%"';

/** The workbook number format of a cell, none for text. */
export function numberFormatOf(cell: Cell): string | undefined {
  if (typeof cell === 'string') return undefined;
  return cell.kind === 'count' ? COUNT_FORMAT : cell.kind === 'percent' ? PERCENT_FORMAT : AMOUNT_FORMAT;
}

// Hidden before a formula: whitespace, controls and format characters (U+200B..U+200F, U+2060, U+FEFF), which a spreadsheet skips or shows as nothing.
const FORMULA_FIRST = /^(?:[\t\r]|[\s\p{Cc}\p{Cf}]*[=+\-@])/u;
// A spreadsheet that reads ";" (or ",") as the separator starts a new cell after it.
const FORMULA_AFTER_SEPARATOR = /[;,][\s\p{Cc}\p{Cf}]*[=+\-@]/u;

/**
 * Text a spreadsheet could run as a formula (OWASP "CSV Injection") gets a leading apostrophe, in
 * CSV and workbook text cells alike: its first visible character is = + - or @ (or it starts with
 * tab or CR), or a ";" or "," inside it is followed by one. Only text is guarded: a numeric cell
 * ({number}) is written as its number, so an amount of -12.50 stays a negative number (an amount
 * is no formula); text that merely looks like "-12.50" is text and gets the apostrophe.
 */
export function guardedText(value: string): string {
  return FORMULA_FIRST.test(value) || FORMULA_AFTER_SEPARATOR.test(value) ? `'${value}` : value;
}

/** The text of a numeric cell; anything else in one is treated as text. */
const NUMBER_TEXT = /^-?[0-9]+(\.[0-9]+)?$/;

/** A cell as a workbook value: numbers as numbers, text guarded. */
export function workbookValue(cell: Cell): string | number {
  if (typeof cell !== 'string' && NUMBER_TEXT.test(cell.number)) return Number(cell.number);
  return guardedText(typeof cell === 'string' ? cell : cell.number);
}

/** One CSV (RFC 4180) line without its line break; a cell holding ";" is quoted too, for spreadsheets that split on it. */
export function csvLine(cells: readonly Cell[]): string {
  return cells
    .map((cell) => {
      const value = typeof cell !== 'string' && NUMBER_TEXT.test(cell.number) ? cell.number : String(workbookValue(cell));
      return /[",;\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
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
