import type { TFunction } from 'i18next';
import { betCodeName, gameName } from '@commands/game.commands';
import type { DealRow } from '@contract/deal-record.contract';
import { amountColumn, textColumn, timeColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import type { useFormat } from '@/hooks/use-format';
import { cn } from '@/lib/utils';

type Format = ReturnType<typeof useFormat>;

/** One account's movements; a member's rows also show the platform wallet. */
export function dealRecordColumns(t: TFunction, format: Format, member: boolean): DataTableColumn<DealRow>[] {
  const title = (key: string) => t(`deal.column.${key}`);
  const signed = (id: string, value: (row: DealRow) => string) => ({
    ...amountColumn<DealRow>(id, title(id), value, format, { width: '8rem' }),
    cell: ({ row }: { row: { original: DealRow } }) => {
      const amount = value(row.original);
      return (
        <span
          className={cn(
            'font-mono tabular-nums',
            amount.startsWith('-') ? 'text-destructive' : amount === '0.00' ? 'text-muted-foreground' : 'text-gain',
          )}
        >
          {format.amount(amount)}
        </span>
      );
    },
  });
  const list: DataTableColumn<DealRow>[] = [
    timeColumn<DealRow>('time', title('time'), (row) => row.time, format, { width: '10rem' }),
    textColumn<DealRow>('kind', title('kind'), (row) => t(`deal.kind.${row.kind}`), { width: '6rem' }),
    textColumn<DealRow>('reference', title('reference'), (row) => row.reference, { width: '8rem', className: 'font-mono text-xs' }),
    textColumn<DealRow>('state', title('state'), (row) => t(`deal.state.${row.state}`, { defaultValue: row.state }), { width: '6rem' }),
    textColumn<DealRow>(
      'counterpart',
      title('counterpart'),
      (row) =>
        row.kind === 'in' || row.kind === 'out'
          ? t('deal.wallet')
          : row.bet
            ? gameName(t, { gameCode: row.bet.gameCode, gameName: row.counterpart })
            : row.counterpart,
      { width: 'minmax(8rem,1fr)' },
    ),
    signed('change', (row) => row.change),
    amountColumn<DealRow>('balance', title('balance'), (row) => row.balance, format, { width: '9rem' }),
  ];
  if (member) {
    list.push(
      amountColumn<DealRow>('stake', title('stake'), (row) => row.stake ?? '', format, { width: '7rem' }),
      signed('platformChange', (row) => row.platformChange),
      amountColumn<DealRow>('platformBalance', title('platformBalance'), (row) => row.platformBalance ?? '', format, { width: '9rem' }),
    );
  }
  const detail = (row: DealRow) => (row.bet ? `${betCodeName(t, row.bet.betCode)} · ${row.bet.round}` : row.detail);
  list.push(textColumn<DealRow>('detail', title('detail'), detail, { width: 'minmax(8rem,1fr)', className: 'text-xs' }));
  return list;
}
