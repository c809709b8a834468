import type { RowData } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from './data-table-types';

/** The checkbox column: one box per row that may be checked, and one in the header for every such row shown. */
export function selectColumn<T extends RowData>(t: TFunction, rowName?: (row: T) => string): DataTableColumn<T> {
  return {
    id: 'select',
    meta: { export: false, width: '1.5rem' },
    header: ({ table }) => {
      const selectable = table.getRowModel().rows.filter((row) => row.getCanSelect());
      const all = selectable.length > 0 && selectable.every((row) => row.getIsSelected());
      return (
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={all}
          disabled={selectable.length === 0}
          onChange={() => selectable.forEach((row) => row.toggleSelected(!all))}
          aria-label={t('table.selectAll')}
          data-testid="check-all"
        />
      );
    },
    cell: ({ row }) => (
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={() => row.toggleSelected()}
        onClick={(event) => event.stopPropagation()}
        tabIndex={-1}
        aria-label={t('table.selectRow', { name: rowName ? rowName(row.original) : row.id })}
        data-testid="row-check"
      />
    ),
  };
}
