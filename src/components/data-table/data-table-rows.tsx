import type { ColumnMeta, ReactTable, Row, RowData } from '@tanstack/react-table';
import type { VirtualItem } from '@tanstack/react-virtual';
import type { CSSProperties, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { DataTableFeatures } from './data-table-types';

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/** The first column stays in view while a wide table scrolls sideways. */
const STICKY = 'sticky left-0 z-[1]';

/** A cell's whole text for its title (a cell cut short shows it on hover): the column's own, else its exported text. */
function fullText<T extends RowData>(meta: ColumnMeta<DataTableFeatures, T> | undefined, row: T): string | undefined {
  if (meta?.title) return meta.title(row);
  const exported = meta?.export && !Array.isArray(meta.export) ? (meta.export as { cell(row: T): unknown }).cell(row) : undefined;
  return typeof exported === 'string' && exported !== '' ? exported : undefined;
}

/** The sticky header row (with each sortable column's aria-sort) and the totals row under it. */
export function DataTableHead<T extends RowData>({
  table,
  grid,
  totals,
}: {
  table: ReactTable<DataTableFeatures, T>;
  grid: CSSProperties;
  totals?: Partial<Record<string, ReactNode>>;
}) {
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  return (
    <div role="rowgroup" className="sticky top-0 z-10 bg-muted">
      <div role="row" aria-rowindex={1} className="grid items-center gap-2 border-b px-3 py-2 text-sm font-medium" style={grid}>
        {headers.map((header, index) => {
          const sorted = header.column.getCanSort() ? header.column.getIsSorted() : false;
          return (
            <div
              key={header.id}
              role="columnheader"
              data-column={header.column.id}
              data-sticky={index === 0 || undefined}
              aria-sort={header.column.getCanSort() ? (sorted ? ariaSort[sorted] : 'none') : undefined}
              className={cn('min-w-0 bg-muted', index === 0 && STICKY)}
            >
              <table.FlexRender header={header} />
            </div>
          );
        })}
      </div>
      {totals ? (
        <div
          role="row"
          data-testid="table-totals"
          className="grid items-center gap-2 border-b bg-muted/60 px-3 py-1.5 text-sm"
          style={grid}
        >
          {headers.map((header, index) => (
            <div
              key={header.id}
              role="cell"
              data-column={header.column.id}
              className={cn(header.column.columnDef.meta?.className, index === 0 && cn(STICKY, 'bg-muted'))}
            >
              {totals[header.column.id] ?? null}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

interface DataTableBodyProps<T extends RowData> {
  table: ReactTable<DataTableFeatures, T>;
  rows: Row<DataTableFeatures, T>[];
  /** The rows in view (and a few around them), placed by the virtualizer. */
  items: VirtualItem[];
  totalSize: number;
  grid: CSSProperties;
  rowHeight: number;
  activeIndex: number;
  setActiveIndex(index: number): void;
  onOpen?(row: T): void;
  rowTestId?: string;
  rowAttributes?(row: T): Record<`data-${string}`, string | undefined>;
}

/** The rows in view, each at its place in the whole list; a click makes a row active, a double click opens it. */
export function DataTableBody<T extends RowData>({
  table,
  rows,
  items,
  totalSize,
  grid,
  rowHeight,
  activeIndex,
  setActiveIndex,
  onOpen,
  rowTestId,
  rowAttributes,
}: DataTableBodyProps<T>) {
  return (
    <div role="rowgroup" style={{ height: totalSize, position: 'relative' }}>
      {items.map((item) => {
        const row = rows[item.index]!;
        return (
          <div
            key={row.id}
            role="row"
            aria-rowindex={item.index + 2}
            aria-selected={item.index === activeIndex}
            data-row-id={row.id}
            data-active={item.index === activeIndex || undefined}
            data-testid={rowTestId}
            {...rowAttributes?.(row.original)}
            onClick={() => setActiveIndex(item.index)}
            onDoubleClick={() => onOpen?.(row.original)}
            className={cn(
              'absolute right-0 left-0 grid items-center gap-2 border-b px-3 text-sm',
              item.index === activeIndex && 'bg-row-active text-row-active-foreground',
            )}
            style={{ ...grid, height: rowHeight, transform: `translateY(${item.start}px)` }}
          >
            {row.getVisibleCells().map((cell, index) => (
              <div
                key={cell.id}
                role="cell"
                data-column={cell.column.id}
                data-sticky={index === 0 || undefined}
                className={cn(
                  'min-w-0 truncate',
                  cell.column.columnDef.meta?.className,
                  index === 0 && cn(STICKY, item.index === activeIndex ? 'bg-row-active' : 'bg-card'),
                )}
                title={fullText(cell.column.columnDef.meta, row.original)}
              >
                <table.FlexRender cell={cell} />
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
