import type { Column, RowData } from '@tanstack/react-table';
import type { Table } from '@/lib/table-export';
import type { DataTableFeatures } from './data-table-types';

/** The exported file of a table: the columns that say how they export, over the given rows. */
export function exportedTable<T extends RowData>(columns: readonly Column<DataTableFeatures, T, unknown>[], rows: readonly T[]): Table {
  const exported = columns.flatMap((column) => {
    const how = column.columnDef.meta?.export;
    return how ? (Array.isArray(how) ? how : [how]) : [];
  });
  return { header: exported.map((how) => how.header), rows: rows.map((row) => exported.map((how) => how.cell(row))) };
}

export type ExportFormat = 'csv' | 'xlsx';

/** A column's name in the column chooser: its exported header, or its own for one exported as several. */
export function columnLabel<T extends RowData>(column: Column<DataTableFeatures, T, unknown>): string {
  const how = column.columnDef.meta?.export;
  if (how && !Array.isArray(how)) return (how as { header: string }).header;
  return typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;
}
