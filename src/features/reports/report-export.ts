import type { RowData } from '@tanstack/react-table';
import type { DataTableModel } from '@/components/data-table/data-table';
import { exportedTable, type ExportFormat } from '@/components/data-table/data-table-export';
import { saveTable } from '@/lib/table-export';

/**
 * Downloads a report as shown: one header row, the columns' export of its rows and, when given,
 * its totals row, where the columns named in `blankInTotals` stay empty (a level means nothing
 * there). What the report covers (range, account, metric) names the file, not lines above the
 * header, so the file reads as one table.
 */
export async function downloadReport<T extends RowData>(report: {
  model: DataTableModel<T>;
  rows: readonly T[];
  totals?: T;
  blankInTotals?: readonly string[];
  /** After the title in the file's name: the range, the account, the metric. */
  nameParts: readonly string[];
  /** The report's title: the sheet's and the file's name. */
  sheet: string;
  format: ExportFormat;
}): Promise<void> {
  const table = exportedTable(report.model.table.getAllLeafColumns(), report.totals ? [...report.rows, report.totals] : report.rows);
  const blank = new Set((report.blankInTotals ?? []).map((header) => table.header.indexOf(header)));
  const rows = report.totals
    ? [...table.rows.slice(0, -1), table.rows.at(-1)!.map((cell, index) => (blank.has(index) ? '' : cell))]
    : table.rows;
  const name = [report.sheet, ...report.nameParts.filter((part) => part !== '')].join(' ');
  await saveTable({ ...table, rows }, report.sheet, report.format, name);
}
