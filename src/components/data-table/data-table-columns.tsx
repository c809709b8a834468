import type { RowData } from '@tanstack/react-table';
import type { useFormat } from '@/hooks/use-format';
import { withCurrency } from '@/lib/site-currency';
import { DataTableColumnHeader } from './data-table-column-header';
import type { DataTableColumn } from './data-table-types';

type Format = ReturnType<typeof useFormat>;

export interface ColumnOptions {
  width?: string;
  className?: string;
  /** The header sorts the list (the server sorts by the column's id). */
  sortable?: boolean;
  /** Every text a cell may show (a level's names): the column is never narrower than the longest. */
  fits?: readonly string[];
}

const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/** A text's length in characters (`ch` is a "0", wider than most letters: a text this many `ch` wide is not cut). */
const length = (text: string) => [...text].length;

/**
 * The column's grid track, never narrower than the longest word of its title (a title wraps between
 * words, never inside one; the sort icon after it counts as two more) nor than the longest of `fits`
 * (a cell is one line).
 */
export function columnTrack(track: string, title: string, options: { sortable?: boolean; fits?: readonly string[] } = {}): string {
  const titleWords = [...words.segment(title)].filter((part) => part.isWordLike).map((part) => part.segment);
  const longest = Math.max(
    0,
    ...titleWords.map(length).map((chars) => chars + (options.sortable ? 2 : 0)),
    ...(options.fits ?? []).map(length),
  );
  const range = /^minmax\((.+),(.+)\)$/.exec(track.replace(/\s+/g, ''));
  if (range) return `minmax(max(${range[1]},${longest}ch),${range[2]})`;
  return /fr|auto/.test(track) ? track : `max(${track},${longest}ch)`;
}

function header<T extends RowData>(title: string, sortable: boolean | undefined): DataTableColumn<T>['header'] {
  return sortable ? ({ column }) => <DataTableColumnHeader column={column} title={title} /> : title;
}

/** Text shown and exported as it is. */
export function textColumn<T extends RowData>(
  id: string,
  title: string,
  value: (row: T) => string,
  options: ColumnOptions = {},
): DataTableColumn<T> {
  return {
    id,
    ...(options.sortable ? { accessorFn: value } : {}),
    header: header<T>(title, options.sortable),
    cell: ({ row }) => value(row.original),
    meta: {
      width: columnTrack(options.width ?? 'minmax(6rem,1fr)', title, options),
      className: options.className,
      export: { header: title, cell: value },
    },
  };
}

/** A decimal amount ("1000.50"): shown with the language's separators, exported as a number; its title names the site's currency. */
export function amountColumn<T extends RowData>(
  id: string,
  title: string,
  value: (row: T) => string,
  format: Format,
  options: ColumnOptions = {},
): DataTableColumn<T> {
  const titled = withCurrency(title, format.currency);
  return {
    id,
    ...(options.sortable ? { accessorFn: value } : {}),
    header: header<T>(titled, options.sortable),
    cell: ({ row }) => format.amount(value(row.original)),
    meta: {
      width: columnTrack(options.width ?? 'minmax(7rem,1fr)', titled, options),
      className: options.className ?? 'font-mono tabular-nums',
      export: { header: titled, cell: (row) => ({ number: value(row) }) },
    },
  };
}

/** A count: shown with the language's grouping, exported as a whole number. */
export function countColumn<T extends RowData>(
  id: string,
  title: string,
  value: (row: T) => number,
  format: Format,
  options: ColumnOptions = {},
): DataTableColumn<T> {
  return {
    id,
    ...(options.sortable ? { accessorFn: value } : {}),
    header: header<T>(title, options.sortable),
    cell: ({ row }) => format.number(value(row.original)),
    meta: {
      width: columnTrack(options.width ?? '6rem', title, options),
      className: options.className ?? 'tabular-nums',
      export: { header: title, cell: (row) => ({ number: String(value(row)), kind: 'count' }) },
    },
  };
}

/** A percent in percent units (-0.82 for -0.82 %): shown as the language writes it, exported as a number shown with "%". */
export function percentColumn<T extends RowData>(
  id: string,
  title: string,
  value: (row: T) => number,
  format: Format,
  options: ColumnOptions = {},
): DataTableColumn<T> {
  return {
    id,
    ...(options.sortable ? { accessorFn: value } : {}),
    header: header<T>(title, options.sortable),
    cell: ({ row }) => format.percent(value(row.original)),
    meta: {
      width: columnTrack(options.width ?? '7rem', title, options),
      className: options.className ?? 'tabular-nums',
      export: { header: title, cell: (row) => ({ number: value(row).toFixed(2), kind: 'percent' }) },
    },
  };
}

/** An instant: shown as the language writes dates, exported as a date (Beijing time); empty when missing. */
export function timeColumn<T extends RowData>(
  id: string,
  title: string,
  value: (row: T) => string | null | undefined,
  format: Format,
  options: ColumnOptions = {},
): DataTableColumn<T> {
  return {
    id,
    ...(options.sortable ? { accessorFn: (row: T) => value(row) ?? '' } : {}),
    header: header<T>(title, options.sortable),
    cell: ({ row }) => {
      const instant = value(row.original);
      return instant ? format.dateTime(instant) : '—';
    },
    meta: {
      width: columnTrack(options.width ?? 'minmax(10rem,1fr)', title, options),
      className: options.className,
      export: {
        header: title,
        cell: (row) => {
          const instant = value(row);
          return instant ? { time: instant } : '';
        },
      },
    },
  };
}
