import type { Column, RowData } from '@tanstack/react-table';
import type { Table } from '@/lib/table-export';
import type { DataTableFeatures } from './data-table-types';

/** The exported file of a table: the columns that say how they export, over the given rows. */
export function exportedTable<T extends RowData>(columns: readonly Column<DataTableFeatures, T, unknown>[], rows: readonly T[]): Table {
  const exported = columns.flatMap((column) => {
    const how = column.columnDef.meta?.export;
    return how ? [how] : [];
  });
  return { header: exported.map((how) => how.header), rows: rows.map((row) => exported.map((how) => how.cell(row))) };
}

export type ExportFormat = 'csv' | 'xlsx';
