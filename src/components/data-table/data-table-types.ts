import {
  columnVisibilityFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type CellData,
  type ColumnDef,
  type RowData,
  type TableFeatures,
} from '@tanstack/react-table';
import type { Cell } from '@/lib/table-export';

/** The table features every data table registers: server-side sort, row selection and the columns a user hides. */
export const dataTableFeatures = tableFeatures({ rowSortingFeature, rowSelectionFeature, columnVisibilityFeature });
export type DataTableFeatures = typeof dataTableFeatures;
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** How a column goes into an exported file: its header text and each row's cell (amounts as `{number}`). */
export interface ColumnExport<T> {
  header: string;
  cell(row: T): Cell;
}

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<in out TFeatures extends TableFeatures, in out TData extends RowData, TValue extends CellData = CellData> {
    /**
     * Every column says how it exports, or that it does not (`false`: checkboxes, actions); a
     * column showing two figures ("before → after") exports them as two numeric columns.
     */
    export: ColumnExport<TData> | readonly ColumnExport<TData>[] | false;
    /** The column's grid track, such as `minmax(9rem,1fr)`. */
    width?: string;
    /** Classes of the column's cells (alignment, number font). */
    className?: string;
    /** A cell's whole text on hover, for a column cut short. */
    title?(row: TData): string | undefined;
  }
}
