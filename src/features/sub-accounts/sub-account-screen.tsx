import { UserPlus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { can } from '@commands/can';
import type { CommandContext } from '@commands/command';
import { SUB_ACCOUNT_SCREEN, subAccountPath, type SubAccountDialog, type SubAccountRow } from '@commands/sub-account.commands';
import { useInfiniteCall } from '@/api/queries';
import { useDataTable } from '@/components/data-table/data-table';
import { ListScreen } from '@/components/data-table/list-screen';
import { Button } from '@/components/ui/button';
import { useCommands } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { AccessCodeChips } from './permission-matrix';
import { subAccountColumns } from './sub-account-columns';
import { parseAccessCodes } from '@machines/session.machine';
import { RecentSignIns } from '@/components/recent-sign-ins';
import {
  AddSubAccountDialog,
  DeleteSubAccountDialog,
  EditSubAccountDialog,
  ResetSubAccountPasswordDialog,
  SubAccountPermissionsDialog,
} from './sub-account-forms';

function SubAccountDetail({ subAccount, commands }: { subAccount: SubAccountRow; commands: CommandContext }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section
      className="grid gap-2 rounded-md border p-3 text-sm"
      aria-label={t('subAccount.detail', { loginId: subAccount.loginId })}
      data-testid="sub-account-detail"
    >
      <h2 className="font-medium">{t('subAccount.detail', { loginId: subAccount.loginId })}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">{t('subAccount.column.codes')}</dt>
        <dd>
          <AccessCodeChips codes={parseAccessCodes(subAccount.accessCode)} />
        </dd>
        <dt className="text-muted-foreground">{t('subAccount.createdAt')}</dt>
        <dd>{format.dateTime(subAccount.createdAt)}</dd>
      </dl>
      {can(commands.rights, 'gw.credit.login.log.query') ? <RecentSignIns userId={subAccount.subAccountId} /> : null}
    </section>
  );
}

const dialogs: readonly SubAccountDialog[] = ['add', 'edit', 'permissions', 'password', 'delete'];

export default function SubAccountScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const commands = useCommands();
  const [, navigate] = useLocation();
  const params = useParams<{ dialog?: string; subAccountId?: string }>();
  const pages = useInfiniteCall('gw.credit.subaccount.query', {}, { pageSize: 100 });
  const rows = pages.rows as SubAccountRow[];
  const columns = useMemo(() => subAccountColumns(t, format, commands), [t, format, commands]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.subAccountId });
  const close = () => navigate(SUB_ACCOUNT_SCREEN);

  const dialog = dialogs.find((name) => name === params.dialog);
  const target = params.subAccountId ? rows.find((row) => row.subAccountId === params.subAccountId) : undefined;
  const selected = target ?? model.activeRow;

  return (
    <ListScreen
      title={t('route.sonAccount')}
      testId="sub-account-screen"
      className="max-w-6xl"
      header={
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h1 className="text-xl font-semibold">{t('route.sonAccount')}</h1>
            <p className="text-sm text-muted-foreground">{t('subAccount.explain')}</p>
          </div>
          {can(commands.rights, 'gw.credit.subaccount.add') ? (
            <Button type="button" onClick={() => navigate(subAccountPath('add'))} data-testid="sub-account-add-button">
              <UserPlus aria-hidden />
              {t('subAccount.add')}
            </Button>
          ) : null}
        </div>
      }
      intro={
        <span className="text-sm" role="status" data-testid="sub-account-total">
          {t('subAccount.total', { count: pages.total })}
        </span>
      }
      model={model}
      table={{
        total: pages.total,
        loading: pages.isFetching,
        empty: t('subAccount.empty'),
        onEndReached: pages.loadMore,
        rowHeight: 52,
        minWidth: '56rem',
        testId: 'sub-account-rows',
        rowTestId: 'sub-account-row',
        rowAttributes: (row) => ({ 'data-login-id': row.loginId, 'data-status': String(row.status) }),
      }}
    >
      {selected ? <SubAccountDetail subAccount={selected} commands={commands} /> : null}
      {dialog === 'add' ? <AddSubAccountDialog ownerLevel={commands.rights.level} onClose={close} /> : null}
      {dialog === 'edit' && target ? <EditSubAccountDialog subAccount={target} onClose={close} /> : null}
      {dialog === 'permissions' && target ? (
        <SubAccountPermissionsDialog subAccount={target} ownerLevel={commands.rights.level} onClose={close} />
      ) : null}
      {dialog === 'password' && target ? <ResetSubAccountPasswordDialog subAccount={target} onClose={close} /> : null}
      {dialog === 'delete' && target ? <DeleteSubAccountDialog subAccount={target} onClose={close} /> : null}
      {dialog && dialog !== 'add' && !target && !pages.isFetching ? (
        <p role="alert" className="text-sm text-destructive" data-testid="sub-account-not-found">
          {t('subAccount.notFound')}
        </p>
      ) : null}
    </ListScreen>
  );
}
