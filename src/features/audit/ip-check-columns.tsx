import type { TFunction } from 'i18next';
import type { SharedIp } from '@contract/audit.contract';
import { textColumn, timeColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import type { useFormat } from '@/hooks/use-format';

type Format = ReturnType<typeof useFormat>;

/** The IP check's columns: each address several accounts signed in from. */
export function ipCheckColumns(t: TFunction, format: Format): DataTableColumn<SharedIp>[] {
  const title = (key: string) => t(`ipCheck.column.${key}`);
  return [
    textColumn<SharedIp>('ip', title('ip'), (row) => row.ip, { width: '11rem', className: 'font-mono' }),
    textColumn<SharedIp>('region', title('region'), (row) => row.region, { width: '8rem' }),
    textColumn<SharedIp>('count', title('count'), (row) => String(row.accounts.length), { width: '6rem', className: 'tabular-nums' }),
    textColumn<SharedIp>(
      'accounts',
      title('accounts'),
      (row) => row.accounts.map((account) => `${account.loginId} (${account.signIns})`).join(', '),
      { width: 'minmax(16rem,2fr)', className: 'whitespace-normal' },
    ),
    textColumn<SharedIp>('signIns', title('signIns'), (row) => String(row.signIns), { width: '6rem', className: 'tabular-nums' }),
    timeColumn<SharedIp>('lastAt', title('lastAt'), (row) => row.lastAt, format, { width: '10rem' }),
  ];
}
