import { numberFormatOf, workbookValue, type Cell, type Table } from '../../shared/table-cells';
import { beijingStamp } from './time';

import { toCsv } from '../../shared/table-cells';

export { toCsv, type Cell, type Table } from '../../shared/table-cells';

/**
 * A one-sheet xlsx workbook built with exceljs, which is loaded only now (it is big: no screen
 * carries it until someone exports). One header row; numbers are numbers with their format (amount, count,
 * serial, percent), moments are dates, text is a string cell (shared/table-cells.ts).
 * Larger exports run on the gateway as jobs (src/components/export/use-export-job.ts).
 */
export async function toXlsx(table: Table, sheetName = 'Sheet1'): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1');
  sheet.addRow(table.header.map((text) => workbookValue(text)));
  for (const cells of table.rows) {
    const row = sheet.addRow(cells.map((cell: Cell) => workbookValue(cell)));
    cells.forEach((cell, index) => {
      const numFmt = numberFormatOf(cell);
      if (numFmt) row.getCell(index + 1).numFmt = numFmt;
    });
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A download's name: the table's title in the interface language and the Beijing time stamp, nothing a file system refuses. */
export function exportFileName(title: string, stamp: string, extension: string): string {
  const safe = [...title].map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '_' : char)).join('');
  return `${safe.slice(0, 100) || 'export'}-${stamp}.${extension}`;
}

/** Saves bytes or text as a download in the browser. */
export function download(name: string, content: Uint8Array | Blob | string, type: string): void {
  const blob = content instanceof Blob ? content : new Blob([content as BlobPart], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves a table as a CSV or xlsx download named by its title (the sheet's name too), or the name given, and the time. */
export async function saveTable(table: Table, title: string, format: 'csv' | 'xlsx', name = title): Promise<void> {
  const stamp = beijingStamp();
  if (format === 'csv') download(exportFileName(name, stamp, 'csv'), toCsv(table), 'text/csv;charset=utf-8');
  else
    download(
      exportFileName(name, stamp, 'xlsx'),
      await toXlsx(table, title),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
}
