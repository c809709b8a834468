import { PassThrough } from 'node:stream';
import { CSV_BOM, CSV_NEWLINE, csvLine, numberFormatOf, workbookValue, type Cell } from '../../shared/table-cells';

export const contentTypes = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

export interface ExportInput {
  format: keyof typeof contentTypes;
  sheetName: string;
  header: readonly string[];
  pages: AsyncIterable<Cell[][]>;
  /** Called after each page with the rows written so far. */
  progress(rows: number): Promise<void>;
}

/** Characters a sheet name may not hold, and its length limit (Excel's). */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * Writes an export row by row: xlsx through exceljs's streaming writer (each row is committed
 * and leaves memory as zipped bytes), CSV with the shared writer. Amounts are numbers with two
 * decimals, text cells are guarded against formulas. Answers the file's bytes and row count.
 */
export async function writeExport(input: ExportInput): Promise<{ bytes: Buffer; rows: number }> {
  let rows = 0;
  if (input.format === 'csv') {
    const parts: string[] = [CSV_BOM, csvLine(input.header), CSV_NEWLINE];
    for await (const page of input.pages) {
      for (const cells of page) parts.push(csvLine(cells), CSV_NEWLINE);
      rows += page.length;
      await input.progress(rows);
    }
    return { bytes: Buffer.from(parts.join(''), 'utf8'), rows };
  }
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  // Loaded with the first xlsx: it takes about 0.3 s, which every gateway start and script paid before.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(input.sheetName));
  sheet.columns = input.header.map(() => ({ width: 18 }));
  sheet.addRow(input.header.map((text) => workbookValue(text))).commit();
  for await (const page of input.pages) {
    for (const cells of page) {
      const row = sheet.addRow(cells.map(workbookValue));
      cells.forEach((cell, index) => {
        const numFmt = numberFormatOf(cell);
        if (numFmt) row.getCell(index + 1).numFmt = numFmt;
      });
      row.commit();
    }
    rows += page.length;
    await input.progress(rows);
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  return { bytes: Buffer.concat(chunks), rows };
}
