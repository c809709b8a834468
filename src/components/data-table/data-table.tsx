import {
  useTable,
  type ColumnVisibilityState,
  type Row,
  type RowData,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { tableGone, tableShown } from '@/lib/focus-screen';
import { storedColumnVisibility, storeColumnVisibility } from './data-table-column-store';
import { DataTableCutTexts, useCutTexts } from './data-table-cut-texts';
import { DataTableBody, DataTableHead } from './data-table-rows';
import { selectColumn } from './data-table-select-column';
import { dataTableFeatures, type DataTableColumn } from './data-table-types';

export interface UseDataTableOptions<T extends RowData> {
  columns: DataTableColumn<T>[];
  data: T[];
  getRowId(row: T): string;
  /** Server-side sort, usually read from and written to the URL. */
  sorting?: SortingState;
  onSortingChange?(next: SortingState): void;
  /** Rows that may be checked; without it the table has no checkboxes. */
  canSelect?(row: T): boolean;
  /** Checked rows and the active row are forgotten when this changes (a new query). */
  resetKey?: unknown;
  /** How a row is named to a screen reader (its checkbox). */
  rowName?(row: T): string;
  /** A wide table's id: the user may hide its columns, remembered in this browser under it. */
  tableId?: string;
}

const noSorting: SortingState = [];

/**
 * The table model a screen composes: the react-table instance (sort and selection state), and the
 * active row that the keyboard moves (the screen shows its actions).
 */
export function useDataTable<T extends RowData>(options: UseDataTableOptions<T>) {
  const { t } = useTranslation();
  const { canSelect, onSortingChange, sorting = noSorting, resetKey, rowName, tableId } = options;
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(() => storedColumnVisibility(tableId));
  const [activeId, setActiveId] = useState<string | null>(null);
  const [seenKey, setSeenKey] = useState(resetKey);
  if (seenKey !== resetKey) {
    setSeenKey(resetKey);
    setRowSelection({});
    setActiveId(null);
  }

  const columns = useMemo<DataTableColumn<T>[]>(
    () => (canSelect ? [selectColumn(t, rowName), ...options.columns] : options.columns),
    [canSelect, options.columns, rowName, t],
  );

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: options.data,
    getRowId: options.getRowId,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting, rowSelection, columnVisibility },
    enableHiding: tableId !== undefined,
    onColumnVisibilityChange: (updater) => {
      const next = typeof updater === 'function' ? updater(columnVisibility) : updater;
      storeColumnVisibility(tableId, next);
      setColumnVisibility(next);
    },
    onSortingChange: (updater) => onSortingChange?.(typeof updater === 'function' ? updater(sorting) : updater),
    onRowSelectionChange: setRowSelection,
    enableRowSelection: canSelect ? (row: Row<typeof dataTableFeatures, T>) => canSelect(row.original) : false,
  });
  const rows = table.getRowModel().rows;
  const activeIndex = Math.max(
    0,
    rows.findIndex((row) => row.id === activeId),
  );
  const activeRow = rows[activeIndex];
  const selectedRows = rows.filter((row) => row.getIsSelected()).map((row) => row.original);
  return {
    table,
    tableId,
    rows,
    activeIndex,
    activeRow: activeRow?.original,
    setActiveIndex: (index: number) => setActiveId(rows[index]?.id ?? null),
    selectedRows,
    clearSelection: () => setRowSelection({}),
  };
}

export type DataTableModel<T extends RowData> = ReturnType<typeof useDataTable<T>>;

export interface DataTableProps<T extends RowData> {
  model: DataTableModel<T>;
  label: string;
  /** Rows on the server (aria-rowcount); the loaded rows may be fewer. */
  total?: number;
  loading?: boolean;
  empty: ReactNode;
  /** Called when the rows near the end come into view: load the next page. */
  onEndReached?(): void;
  /** Enter or a double click on a row. */
  onOpen?(row: T): void;
  /** Keys the table does not handle itself, with the active row. */
  onKeyDown?(event: KeyboardEvent<HTMLDivElement>, row: T | undefined): void;
  /** Content of a totals row under the header, by column id. */
  totals?: Partial<Record<string, ReactNode>>;
  rowHeight?: number;
  /** The width under which the table scrolls sideways (header and rows together); never less than its columns' least widths. */
  minWidth?: string;
  testId?: string;
  rowTestId?: string;
  rowAttributes?(row: T): Record<`data-${string}`, string | undefined>;
  keyboardHint?: string;
}

/**
 * A virtualized table over a react-table model: sticky header, rows loaded as they scroll into
 * view, a checkbox column, and the keyboard (arrows, Page keys, Home/End move the active row,
 * Enter opens it, Space checks it).
 */
export function DataTable<T extends RowData>({
  model,
  label,
  total,
  loading = false,
  empty,
  onEndReached,
  onOpen,
  onKeyDown,
  totals,
  rowHeight = 40,
  minWidth,
  testId,
  rowTestId,
  rowAttributes,
  keyboardHint,
}: DataTableProps<T>) {
  const { table, rows, activeIndex, setActiveIndex } = model;
  const scrollRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const grid: CSSProperties = {
    gridTemplateColumns: headers.map((header) => header.column.columnDef.meta?.width ?? 'minmax(6rem,1fr)').join(' '),
  };

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 12,
    // Rows before the first measurement (and where nothing is laid out, as in tests).
    initialRect: { width: 0, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (onEndReached && !loading && rows.length > 0 && lastIndex >= rows.length - 20) onEndReached();
  }, [lastIndex, rows.length, loading, onEndReached]);
  const handleKeyDown = tableKeys({ rows, activeIndex, setActiveIndex, scrollToIndex: virtualizer.scrollToIndex, onOpen, onKeyDown });
  const [focused, setFocused] = useState(false);
  // A drill-down shows its level in a new table: the focus goes on to it, and the keys with it.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    tableShown(element);
    return () => tableGone(element);
  }, []);
  const cutTexts = useCutTexts(scrollRef, activeIndex, focused, rows.length);

  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label={label}
      aria-rowcount={(total ?? rows.length) + 1}
      aria-busy={loading}
      aria-describedby={keyboardHint ? hintId : undefined}
      tabIndex={0}
      onKeyDown={handleKeyDown}
      onFocus={(event) => setFocused(event.target === event.currentTarget && focusVisible(event.currentTarget))}
      onBlur={() => setFocused(false)}
      data-testid={testId}
      className="relative min-h-0 flex-1 overflow-auto rounded-md border bg-card text-card-foreground [scrollbar-gutter:stable] focus-visible:ring-2 focus-visible:ring-ring"
    >
      {keyboardHint ? (
        <span id={hintId} hidden>
          {keyboardHint}
        </span>
      ) : null}
      <div style={{ width: minWidth ? `max(100%, ${minWidth})` : undefined, minWidth: 'min-content' }}>
        <DataTableHead table={table} grid={grid} totals={totals} />
        <DataTableBody
          {...{ table, rows, items, grid, rowHeight, activeIndex, setActiveIndex, onOpen, rowTestId, rowAttributes }}
          totalSize={virtualizer.getTotalSize()}
        />
        {rows.length === 0 && !loading ? (
          <p className="p-6 text-center text-muted-foreground" data-testid="table-empty">
            {empty}
          </p>
        ) : null}
      </div>
      <DataTableCutTexts texts={cutTexts} />
    </div>
  );
}

/** Focus from the keyboard (a click focuses the table too, and the mouse has the cells' titles). */
function focusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** The table's own keys, on the table itself (not on a control in a cell); the rest go to the screen's onKeyDown. */
function tableKeys<T extends RowData>({
  rows,
  activeIndex,
  setActiveIndex,
  scrollToIndex,
  onOpen,
  onKeyDown,
}: {
  rows: Row<typeof dataTableFeatures, T>[];
  activeIndex: number;
  setActiveIndex(index: number): void;
  scrollToIndex(index: number): void;
  onOpen?(row: T): void;
  onKeyDown?(event: KeyboardEvent<HTMLDivElement>, row: T | undefined): void;
}) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const move = (to: number) => {
      event.preventDefault();
      const next = Math.max(0, Math.min(rows.length - 1, to));
      setActiveIndex(next);
      scrollToIndex(next);
    };
    const active = rows[activeIndex];
    if (event.key === 'ArrowDown') move(activeIndex + 1);
    else if (event.key === 'ArrowUp') move(activeIndex - 1);
    else if (event.key === 'PageDown') move(activeIndex + 10);
    else if (event.key === 'PageUp') move(activeIndex - 10);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(rows.length - 1);
    else if (event.key === 'Enter' && active) {
      event.preventDefault();
      onOpen?.(active.original);
    } else if (event.key === ' ' && active) {
      event.preventDefault();
      if (active.getCanSelect()) active.toggleSelected();
    } else onKeyDown?.(event, active?.original);
  };
}
