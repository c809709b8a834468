import type { TFunction } from 'i18next';
import type { ExposureRow, exposureViews } from '@contract/exposure.contract';
import { amountColumn, textColumn, timeColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Button } from '@/components/ui/button';
import type { useFormat } from '@/hooks/use-format';
import { levelNames } from '@/components/account-columns';

type Format = ReturnType<typeof useFormat>;
type ExposureView = (typeof exposureViews)[number];

/** The open stakes' columns; a line's row opens its members. */
export function exposureRatingColumns(
  t: TFunction,
  format: Format,
  view: ExposureView,
  openLine: (row: ExposureRow) => void,
): DataTableColumn<ExposureRow>[] {
  const title = (key: string) => t(`exposure.column.${key}`);
  const list: DataTableColumn<ExposureRow>[] = [
    textColumn<ExposureRow>('loginId', title(view === 'line' ? 'line' : 'loginId'), (row) => row.loginId, {
      width: 'minmax(9rem,1fr)',
      className: 'font-medium',
    }),
    textColumn<ExposureRow>('level', title('level'), (row) => t(`level.${row.level}`), { width: '7rem', fits: levelNames(t) }),
    textColumn<ExposureRow>('parent', title('parent'), (row) => row.parentLoginId, { width: '9rem' }),
    textColumn<ExposureRow>('bets', title('bets'), (row) => format.number(row.bets), {
      width: '6rem',
      className: 'font-mono tabular-nums',
    }),
    amountColumn<ExposureRow>('stake', title('stake'), (row) => row.stake, format, { width: '9rem' }),
    amountColumn<ExposureRow>('largest', title('largest'), (row) => row.largest, format, { width: '9rem' }),
    timeColumn<ExposureRow>('latest', title('latest'), (row) => row.latestBetTime, format, { width: '11rem' }),
  ];
  if (view === 'line') {
    list.push({
      id: 'members',
      header: () => <span className="sr-only">{title('actions')}</span>,
      cell: ({ row }) => (
        <Button type="button" size="sm" variant="outline" onClick={() => openLine(row.original)} data-testid="exposure-members">
          {t('exposure.membersOf')}
        </Button>
      ),
      meta: { width: '9rem', export: false },
    });
  }
  return list;
}
