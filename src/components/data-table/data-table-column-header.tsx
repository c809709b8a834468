import type { Column, RowData } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DataTableFeatures } from './data-table-types';

/** A column's title; a sortable column's title is a button: first newest/largest first, then the other way. */
export function DataTableColumnHeader<T extends RowData>({
  column,
  title,
}: {
  column: Column<DataTableFeatures, T, unknown>;
  title: string;
}) {
  const { t } = useTranslation();
  if (!column.getCanSort()) return <span className="font-medium">{title}</span>;
  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      className="flex items-center gap-1 text-left font-medium"
      onClick={() => column.toggleSorting(sorted !== 'desc')}
      aria-label={t('table.sortBy', { column: title })}
      data-sort={sorted || undefined}
    >
      {title}
      <Icon className={sorted ? 'size-3' : 'size-3 opacity-40'} aria-hidden />
    </button>
  );
}
