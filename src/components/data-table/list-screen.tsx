import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { DataTable, type DataTableModel, type DataTableProps } from './data-table';
import { DataTableToolbar, type TableExport } from './data-table-toolbar';

export interface ListScreenProps<T extends RowData> {
  /** The screen's heading, and the table's name to a screen reader unless `table.label` says otherwise. */
  title: string;
  testId: string;
  /** What stands in place of the plain heading (a heading with the account shown beside it). */
  header?: ReactNode;
  /** Under the heading, above the toolbar: an explanation, tabs. */
  intro?: ReactNode;
  model: DataTableModel<T>;
  filters?: ReactNode;
  bulk?: ReactNode;
  status?: ReactNode;
  exportAs?: TableExport;
  /** Between the toolbar and the table: an export job's progress. */
  progress?: ReactNode;
  table: Omit<DataTableProps<T>, 'model' | 'label'> & { label?: string };
  /** After the table: a detail sheet. */
  children?: ReactNode;
  className?: string;
}

/** A list screen: its heading, the toolbar (filters, bulk actions, status, export) and the virtualized table filling the page. */
export function ListScreen<T extends RowData>({
  title,
  testId,
  header,
  intro,
  model,
  filters,
  bulk,
  status,
  exportAs,
  progress,
  table,
  children,
  className,
}: ListScreenProps<T>) {
  return (
    <section className={cn('flex h-[calc(100vh-10rem)] min-h-96 flex-col gap-3', className)} data-testid={testId}>
      {header ?? <h1 className="text-xl font-semibold">{title}</h1>}
      {intro}
      <DataTableToolbar model={model} filters={filters} bulk={bulk} status={status} exportAs={exportAs} />
      {progress}
      <DataTable model={model} {...table} label={table.label ?? title} />
      {children}
    </section>
  );
}
