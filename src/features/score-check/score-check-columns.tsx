import type { TFunction } from 'i18next';
import type { CommandContext } from '@commands/command';
import { markScoresChecked } from '@commands/risk.commands';
import type { ScoreCheckRow } from '@contract/score-check.contract';
import { amountColumn, textColumn, timeColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { useFormat } from '@/hooks/use-format';

type Format = ReturnType<typeof useFormat>;

/** The score operations to check: each marked checked alone or with others. */
export function scoreCheckColumns(t: TFunction, format: Format, commands: CommandContext): DataTableColumn<ScoreCheckRow>[] {
  const title = (key: string) => t(`scoreCheck.column.${key}`);
  return [
    textColumn<ScoreCheckRow>('serialNo', title('serialNo'), (row) => row.serialNo, { width: '6rem', className: 'font-mono text-xs' }),
    timeColumn<ScoreCheckRow>('time', title('time'), (row) => row.time, format, { width: '10rem' }),
    textColumn<ScoreCheckRow>('type', title('type'), (row) => t(`log.type.${row.type}`), { width: '6rem' }),
    amountColumn<ScoreCheckRow>('amount', title('amount'), (row) => row.amount, format, { width: '9rem' }),
    textColumn<ScoreCheckRow>('parent', title('parent'), (row) => row.parentLoginId, { width: '8rem' }),
    textColumn<ScoreCheckRow>('child', title('child'), (row) => `${row.childLoginId} (${t(`level.${row.childLevel}`)})`, {
      width: 'minmax(10rem,1fr)',
      className: 'font-medium',
    }),
    textColumn<ScoreCheckRow>('operator', title('operator'), (row) => row.operator, { width: '8rem' }),
    textColumn<ScoreCheckRow>('ip', title('ip'), (row) => row.operatorIp, { width: '8rem', className: 'font-mono text-xs' }),
    textColumn<ScoreCheckRow>('comment', title('comment'), (row) => row.comment, { width: 'minmax(8rem,1fr)' }),
    {
      id: 'checked',
      header: title('checked'),
      cell: ({ row }) =>
        row.original.checkedBy ? (
          <span className="text-xs" data-testid="score-check-by">
            {row.original.checkedBy} · {row.original.checkedAt ? format.dateTime(row.original.checkedAt) : ''}
          </span>
        ) : (
          <Badge variant="warning">{t('scoreCheck.waiting')}</Badge>
        ),
      meta: {
        width: '12rem',
        export: { header: title('checked'), cell: (row) => (row.checkedBy ? `${row.checkedBy} ${row.checkedAt ?? ''}` : '') },
      },
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{title('actions')}</span>,
      cell: ({ row }) =>
        row.original.checkedBy ? null : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => void markScoresChecked(commands, [row.original])}
            data-testid="score-check-one"
          >
            {t('scoreCheck.markOne')}
          </Button>
        ),
      meta: { width: '7rem', export: false },
    },
  ];
}
