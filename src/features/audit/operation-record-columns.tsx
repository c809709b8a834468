import type { TFunction } from 'i18next';
import type { LoginLogRow, OperationLevel, OperationRecordRow } from '@contract/audit.contract';
import { textColumn, timeColumn } from '@/components/data-table/data-table-columns';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { signInResult } from '@/components/recent-sign-ins';
import { Badge } from '@/components/ui/badge';
import type { useFormat } from '@/hooks/use-format';
import { actionName, changesText } from './operation-changes';

type Format = ReturnType<typeof useFormat>;

const levelVariants = { normal: 'secondary', warn: 'warning', error: 'destructive' } as const satisfies Record<OperationLevel, string>;

/** The operator as shown: "sub for main" when a sub-account acted for its main account. */
/** The terminal a call or sign-in came from in words (7: the back office on the web; lobby: the game lobby), else as recorded. */
export const terminalName = (t: TFunction, terminal: string) =>
  /^[A-Za-z0-9]+$/.test(terminal) ? t(`audit.terminalName.${terminal}`, { defaultValue: terminal }) : terminal;

export function operatorText(t: TFunction, row: OperationRecordRow): string {
  return row.mainUserId === row.operatorId
    ? row.operatorLoginId
    : t('audit.forMain', { operator: row.operatorLoginId, main: row.mainLoginId });
}

export function operationColumns(t: TFunction, format: Format): DataTableColumn<OperationRecordRow>[] {
  const changes = (row: OperationRecordRow) => changesText(t, format.amount, row.changes);
  const level = (value: OperationLevel) => t(`audit.level.${value}`);
  return [
    timeColumn('time', t('audit.time'), (row) => row.time, format, { width: '10rem', className: 'text-xs' }),
    textColumn('operator', t('audit.operator'), (row) => operatorText(t, row), { width: 'minmax(7rem,1fr)' }),
    textColumn('target', t('audit.target'), (row) => row.targetLoginId ?? '—', { width: 'minmax(6rem,1fr)' }),
    textColumn('action', t('audit.actionColumn'), (row) => actionName(t, row.action), { width: 'minmax(9rem,1.2fr)' }),
    {
      id: 'changes',
      header: t('audit.changes'),
      cell: ({ row }) => <span className="block truncate">{changes(row.original) || '—'}</span>,
      meta: {
        width: 'minmax(14rem,2.5fr)',
        className: 'text-xs',
        title: (row) => changes(row) || undefined,
        export: { header: t('audit.changes'), cell: changes },
      },
    },
    {
      id: 'level',
      header: t('audit.levelColumn'),
      cell: ({ row }) => (
        <Badge variant={levelVariants[row.original.level]} data-level={row.original.level}>
          {level(row.original.level)}
        </Badge>
      ),
      meta: { width: '5.5rem', export: { header: t('audit.levelColumn'), cell: (row) => level(row.level) } },
    },
    textColumn('ip', t('audit.ip'), (row) => row.ip, { width: 'minmax(7rem,1fr)', className: 'text-xs' }),
    textColumn('region', t('audit.region'), (row) => row.region, { width: 'minmax(6rem,1fr)', className: 'text-xs' }),
    textColumn('terminal', t('audit.terminal'), (row) => terminalName(t, row.terminal), {
      width: 'minmax(6rem,1fr)',
      className: 'text-xs',
    }),
  ];
}

export function signInColumns(t: TFunction, format: Format): DataTableColumn<LoginLogRow>[] {
  return [
    timeColumn('time', t('audit.time'), (row) => row.time, format, { width: '10rem', className: 'text-xs' }),
    textColumn('login', t('audit.login'), (row) => row.loginId, { width: 'minmax(7rem,1fr)' }),
    textColumn('ip', t('audit.ip'), (row) => row.ip, { width: 'minmax(7rem,1fr)', className: 'text-xs' }),
    textColumn('region', t('audit.region'), (row) => row.region, { width: 'minmax(6rem,1fr)', className: 'text-xs' }),
    textColumn('terminal', t('audit.terminal'), (row) => terminalName(t, row.terminal), {
      width: 'minmax(6rem,1fr)',
      className: 'text-xs',
    }),
    textColumn('device', t('audit.device'), (row) => row.deviceId, { width: 'minmax(8rem,1.2fr)', className: 'text-xs' }),
    {
      id: 'result',
      header: t('audit.result'),
      cell: ({ row }) => (
        <span className={row.original.code === 0 ? undefined : 'text-destructive'} data-code={row.original.code}>
          {signInResult(t, row.original.code)}
        </span>
      ),
      meta: { width: 'minmax(8rem,1.5fr)', export: { header: t('audit.result'), cell: (row) => signInResult(t, row.code) } },
    },
  ];
}
