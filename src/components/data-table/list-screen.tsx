import type { RowData } from '@tanstack/react-table';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { DataTable, type DataTableModel, type DataTableProps } from './data-table';
import { DataTableToolbar, type TableExport } from './data-table-toolbar';

export interface ListBodyProps<T extends RowData> {
  model: DataTableModel<T>;
  filters?: ReactNode;
  bulk?: ReactNode;
  status?: ReactNode;
  exportAs?: TableExport;
  /** A box around the toolbar with this class (room under it for a filter's message); without it, no box. */
  toolbarClassName?: string;
  /** Between the toolbar and the table: an export job's progress, a refusal. */
  progress?: ReactNode;
  table: Omit<DataTableProps<T>, 'model'>;
  /** Where the table stands (a box of its rows' height, a chart beside it); without it, the table itself. */
  frame?(table: ReactNode): ReactNode;
}

/** A list's toolbar (filters, bulk actions, status, export) and its virtualized table: a list screen's, or a tab's within a screen. */
export function ListBody<T extends RowData>({
  model,
  filters,
  bulk,
  status,
  exportAs,
  toolbarClassName,
  progress,
  table,
  frame,
}: ListBodyProps<T>) {
  // A list with nothing to filter, count, choose or export has no toolbar.
  const bare = !filters && !bulk && !status && !exportAs && !model.tableId;
  const toolbar = bare ? null : <DataTableToolbar model={model} filters={filters} bulk={bulk} status={status} exportAs={exportAs} />;
  const rows = <DataTable model={model} {...table} />;
  return (
    <>
      {toolbarClassName === undefined || bare ? toolbar : <div className={toolbarClassName}>{toolbar}</div>}
      {progress}
      {frame ? frame(rows) : rows}
    </>
  );
}

export interface ListScreenProps<T extends RowData> extends Omit<ListBodyProps<T>, 'table'> {
  /** The screen's heading, and the table's name to a screen reader unless `table.label` says otherwise. */
  title: string;
  testId: string;
  /** Data attributes on the screen's section (what the screen shows, for a test or a style). */
  attributes?: Record<`data-${string}`, string | undefined>;
  /** What stands in place of the plain heading (a heading with the account shown beside it). */
  header?: ReactNode;
  /** A refresh button beside the heading, for a list that does not refresh itself; turning while the list is fetched. */
  refresh?: { label: string; fetching: boolean; onRefresh(): void; testId?: string };
  /** Under the heading, above the toolbar: an explanation, tabs. */
  intro?: ReactNode;
  table: Omit<DataTableProps<T>, 'model' | 'label'> & { label?: string };
  /** After the table: a detail sheet, charts. */
  children?: ReactNode;
  className?: string;
}

/**
 * A list screen: its heading and the list's body. Without a `frame` the screen is the page's
 * height and the table fills what is left; with one the screen is as long as what it shows.
 */
export function ListScreen<T extends RowData>({
  title,
  testId,
  attributes,
  header,
  refresh,
  intro,
  table,
  children,
  className,
  ...body
}: ListScreenProps<T>) {
  return (
    <section
      className={cn(
        body.frame ? 'flex min-h-[calc(100vh-10rem)] flex-col gap-3' : 'flex h-[calc(100vh-10rem)] min-h-96 flex-col gap-3',
        className,
      )}
      data-testid={testId}
      {...attributes}
    >
      {header ?? <ListHeading title={title} refresh={refresh} />}
      {intro}
      <ListBody {...body} table={{ ...table, label: table.label ?? title }} />
      {children}
    </section>
  );
}

function ListHeading({ title, refresh }: { title: string; refresh: ListScreenProps<never>['refresh'] }) {
  const heading = <h1 className="text-xl font-semibold">{title}</h1>;
  if (!refresh) return heading;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {heading}
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={refresh.onRefresh}
        disabled={refresh.fetching}
        data-testid={refresh.testId}
      >
        <RefreshCw className={refresh.fetching ? 'animate-spin' : undefined} aria-hidden />
        {refresh.label}
      </Button>
    </div>
  );
}
