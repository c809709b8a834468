/**
 * Cells of an exported table and the CSV writer, shared by the web app (small exports built in
 * the browser) and the gateway (export jobs): one formula guard and one number rule for both.
 * Plain TypeScript without imports, so either side may load it.
 */

/**
 * A cell of an exported table: text; a number kept as its exact decimal text ("1000.50"), an
 * amount unless it says it is a count, a serial number or a percent (in percent units: "-0.82"
 * for -0.82 %); or a moment (ISO), written as its Beijing date and time. Every path that exports
 * a screen (the browser's small export, the gateway's job) writes the same kinds of cells, so one
 * screen's files have one shape.
 */
export type Cell = string | { number: string; kind?: 'count' | 'serial' | 'percent' } | { time: string };
/** One header row, then the rows: a file a spreadsheet or a script reads without skipping lines. */
export type Table = {
  header: readonly string[];
  rows: readonly (readonly Cell[])[];
};

/** The number format of amounts in a workbook: two decimals. */
export const AMOUNT_FORMAT = '0.00';
/** Counts and serial numbers are whole numbers; a percent is the spreadsheet's own (0.9 shown as 90.00%). */
export const COUNT_FORMAT = '0';
export const PERCENT_FORMAT = '0.00%';
/** A moment, as Beijing's wall clock (spreadsheets have no time zones). */
export const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** The workbook number format of a cell, none for text. */
export function numberFormatOf(cell: Cell): string | undefined {
  if (typeof cell === 'string') return undefined;
  if ('time' in cell) return TIME_FORMAT;
  return cell.kind === 'count' || cell.kind === 'serial' ? COUNT_FORMAT : cell.kind === 'percent' ? PERCENT_FORMAT : AMOUNT_FORMAT;
}

const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** A moment's Beijing wall clock as a date whose UTC fields hold it (how a workbook stores it). */
const beijingWallClock = (iso: string) => new Date(Date.parse(iso) + BEIJING_OFFSET_MS);

/** "2026-11-20 12:00:00", Beijing time. */
const beijingText = (iso: string) => beijingWallClock(iso).toISOString().slice(0, 19).replace('T', ' ');

// Hidden before a formula: whitespace, controls and format characters (U+200B..U+200F, U+2060, U+FEFF), which a spreadsheet skips or shows as nothing.
const FORMULA_FIRST = /^(?:[\t\r]|[\s\p{Cc}\p{Cf}]*[=+\-@])/u;
// A spreadsheet that reads ";" (or ",") as the separator starts a new cell after it.
const FORMULA_AFTER_SEPARATOR = /[;,][\s\p{Cc}\p{Cf}]*[=+\-@]/u;

/**
 * Text a spreadsheet could run as a formula (OWASP "CSV Injection") gets a leading apostrophe in
 * CSV: its first visible character is = + - or @ (or it starts with tab or CR), or a ";" or ","
 * inside it is followed by one. Only text is guarded: a numeric cell ({number}) is written as its
 * number, so an amount of -12.50 stays a negative number (an amount is no formula); text that
 * merely looks like "-12.50" is text and gets the apostrophe. A workbook needs no guard: its text
 * cells are strings, never formulas, so they keep the text as it is (no apostrophe to show).
 */
export function guardedText(value: string): string {
  return FORMULA_FIRST.test(value) || FORMULA_AFTER_SEPARATOR.test(value) ? `'${value}` : value;
}

/** The text of a numeric cell; anything else in one is treated as text. */
const NUMBER_TEXT = /^-?[0-9]+(\.[0-9]+)?$/;

/** A cell as a workbook value: numbers as numbers (a percent as its fraction), moments as dates, text as it is (a string cell). */
export function workbookValue(cell: Cell): string | number | Date {
  if (typeof cell === 'string') return cell;
  if ('time' in cell) return beijingWallClock(cell.time);
  if (!NUMBER_TEXT.test(cell.number)) return cell.number;
  // The fraction read from the decimal text itself ("-0.82e-2"), so it is exactly -0.0082.
  return Number(cell.kind === 'percent' ? `${cell.number}e-2` : cell.number);
}

/** A cell as CSV text: numbers as written (a percent with its sign, which spreadsheets read as one), moments in Beijing time, text guarded. */
function csvValue(cell: Cell): string {
  if (typeof cell === 'string') return guardedText(cell);
  if ('time' in cell) return beijingText(cell.time);
  if (!NUMBER_TEXT.test(cell.number)) return guardedText(cell.number);
  return cell.kind === 'percent' ? `${cell.number}%` : cell.number;
}

/** One CSV (RFC 4180) line without its line break; a cell holding ";" is quoted too, for spreadsheets that split on it. */
export function csvLine(cells: readonly Cell[]): string {
  return cells
    .map((cell) => {
      const value = csvValue(cell);
      return /[",;\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
    })
    .join(',');
}

/** Starts a CSV file, so that spreadsheet programs read UTF-8. */
export const CSV_BOM = '\uFEFF';
export const CSV_NEWLINE = '\r\n';

/** A whole table as CSV with a BOM and CRLF line ends. */
export function toCsv(table: Table): string {
  const lines = [table.header, ...table.rows];
  return `${CSV_BOM}${lines.map(csvLine).join(CSV_NEWLINE)}${CSV_NEWLINE}`;
}
