import type { TFunction } from 'i18next';
import type { ResultOf } from '@contract/methods.contract';
import { DataTableColumnHeader } from '@/components/data-table/data-table-column-header';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import type { useFormat } from '@/hooks/use-format';
import { cn } from '@/lib/utils';

export type ScoreLogRow = ResultOf<'gw.credit.score.log.query'>['list'][number];
type Format = ReturnType<typeof useFormat>;

const text = (width: string) => ({ width });

export function pointRecordColumns(t: TFunction, format: Format): DataTableColumn<ScoreLogRow>[] {
  // A transfer to the game platform says when it is not simply done, and what a reversal returns.
  const typeName = (row: ScoreLogRow) =>
    [
      t(`log.type.${row.type}`),
      row.state === 'done' ? null : t(`transfers.state.${row.state}`),
      row.reversalOf === null ? null : t('transfers.reversalOf', { serial: row.reversalOf }),
    ]
      .filter((part) => part !== null)
      .join(' · ');
  return [
    {
      id: 'serial',
      header: t('log.serial'),
      cell: ({ row }) => row.original.serialNo,
      meta: {
        ...text('5rem'),
        className: 'font-mono tabular-nums',
        export: { header: t('log.serial'), cell: (row) => ({ number: row.serialNo, kind: 'serial' }) },
      },
    },
    {
      id: 'time',
      accessorFn: (row) => row.time,
      header: ({ column }) => <DataTableColumnHeader column={column} title={t('log.time')} />,
      cell: ({ row }) => format.dateTime(row.original.time),
      meta: { ...text('10rem'), className: 'text-xs', export: { header: t('log.time'), cell: (row) => ({ time: row.time }) } },
    },
    {
      id: 'type',
      header: t('log.typeColumn'),
      cell: ({ row }) => typeName(row.original),
      meta: { ...text('9rem'), export: { header: t('log.typeColumn'), cell: (row) => typeName(row) } },
    },
    {
      id: 'from',
      header: t('log.from'),
      cell: ({ row }) => row.original.fromLoginId ?? '—',
      meta: { ...text('minmax(6rem,1fr)'), export: { header: t('log.from'), cell: (row) => row.fromLoginId ?? '' } },
    },
    {
      id: 'to',
      header: t('log.to'),
      cell: ({ row }) => row.original.toLoginId,
      meta: { ...text('minmax(6rem,1fr)'), export: { header: t('log.to'), cell: (row) => row.toLoginId } },
    },
    {
      id: 'amount',
      header: t('log.amount'),
      cell: ({ row }) => (
        // What the member loses (a score down, a transfer to the platform), as the deal record signs it.
        <span className={cn(row.original.type === 'down' || row.original.type === 'in' ? 'text-destructive' : '')}>
          {format.amount(row.original.amount)}
        </span>
      ),
      meta: {
        ...text('7rem'),
        className: 'font-mono tabular-nums',
        export: { header: t('log.amount'), cell: (row) => ({ number: row.amount }) },
      },
    },
    {
      id: 'toBalance',
      header: t('log.toBalance'),
      cell: ({ row }) => `${format.amount(row.original.toBefore)} → ${format.amount(row.original.toAfter)}`,
      meta: {
        ...text('minmax(10rem,1.2fr)'),
        className: 'font-mono text-xs tabular-nums',
        export: [
          { header: t('export.column.toBefore'), cell: (row) => ({ number: row.toBefore }) },
          { header: t('export.column.toAfter'), cell: (row) => ({ number: row.toAfter }) },
        ],
      },
    },
    {
      id: 'fromBalance',
      header: t('log.fromBalance'),
      cell: ({ row: { original: row } }) =>
        row.fromBefore === null ? '—' : `${format.amount(row.fromBefore)} → ${format.amount(row.fromAfter ?? '')}`,
      meta: {
        ...text('minmax(10rem,1.2fr)'),
        className: 'font-mono text-xs tabular-nums',
        export: [
          { header: t('export.column.fromBefore'), cell: (row) => (row.fromBefore === null ? '' : { number: row.fromBefore }) },
          { header: t('export.column.fromAfter'), cell: (row) => (row.fromAfter === null ? '' : { number: row.fromAfter }) },
        ],
      },
    },
    {
      id: 'operator',
      header: t('log.operator'),
      cell: ({ row }) => row.original.operator,
      meta: { ...text('6rem'), export: { header: t('log.operator'), cell: (row) => row.operator } },
    },
    {
      id: 'ip',
      header: t('log.ip'),
      cell: ({ row }) => row.original.operatorIp,
      meta: { ...text('minmax(6rem,1fr)'), className: 'text-xs', export: { header: t('log.ip'), cell: (row) => row.operatorIp } },
    },
    {
      id: 'comment',
      header: t('log.comment'),
      cell: ({ row }) => row.original.comment,
      meta: {
        ...text('minmax(6rem,1fr)'),
        title: (row) => row.comment || undefined,
        export: { header: t('log.comment'), cell: (row) => row.comment },
      },
    },
  ];
}
