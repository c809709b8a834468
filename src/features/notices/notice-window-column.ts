import type { TFunction } from 'i18next';
import { textColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { formatDateMinute } from '@/lib/format';
import { beijingTime } from '@/lib/time';

/** A notice's window (start – end, to the minute): shown in the interface language, exported in Beijing time. */
export function noticeWindowColumn<T extends { startTime: string; endTime: string }>(t: TFunction, language: string): DataTableColumn<T> {
  return {
    ...textColumn<T>(
      'window',
      t('notices.column.window'),
      (row) => `${beijingTime(row.startTime).slice(0, 16)} – ${beijingTime(row.endTime).slice(0, 16)}`,
      { width: '19rem', className: 'tabular-nums text-xs' },
    ),
    cell: ({ row }) => `${formatDateMinute(row.original.startTime, language)} – ${formatDateMinute(row.original.endTime, language)}`,
  };
}
