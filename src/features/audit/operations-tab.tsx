import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATION_RECORD_LIMIT, operationLevels, type OperationLevel, type OperationRecordRow } from '@contract/audit.contract';
import type { ParamsIn } from '@contract/methods.contract';
import { can } from '@commands/can';
import { useCall, useInfiniteCall } from '@/api/queries';
import { useDataTable } from '@/components/data-table/data-table';
import { type TableExport } from '@/components/data-table/data-table-toolbar';
import { ListBody } from '@/components/data-table/list-screen';
import { SelectFilter } from '@/components/filters/select-filter';
import { useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { recordedActions } from '@contract/audit.contract';
import { auditedActions } from './audit-actions';
import { AuditAccountField, useAuditAccount } from './audit-account-field';
import { AuditRefusal, AuditTotal, useRefusal, type TabProps } from './audit-tab-parts';
import { actionName } from './operation-changes';
import { operationColumns } from './operation-record-columns';

export function OperationsTab({
  range,
  rangeFilter,
  action,
  level,
  onView,
}: TabProps & {
  action: string;
  level: OperationLevel | '';
  onView(patch: { action?: string; level?: OperationLevel | '' }): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const rights = useRights();
  const ownSubs = useCall(
    'gw.credit.subaccount.query',
    { pageSize: 50 },
    { enabled: can(rights, 'gw.credit.subaccount.query'), silent: true },
  );
  const subAccounts = useMemo(
    () => (ownSubs.data?.list ?? []).map((sub) => ({ userId: sub.subAccountId, loginId: sub.loginId })),
    [ownSubs.data],
  );
  const operator = useAuditAccount(subAccounts);
  const target = useAuditAccount();

  const query = useMemo<Omit<ParamsIn<'gw.credit.operation.record.query'>, 'pageIndex' | 'pageSize'> | null>(() => {
    if (!range || operator.applied.kind === 'unknown' || target.applied.kind === 'unknown') return null;
    return {
      ...range,
      ...(operator.applied.kind === 'account' ? { operatorId: operator.applied.userId } : {}),
      ...(target.applied.kind === 'account' ? { targetId: target.applied.userId } : {}),
      ...(action ? { action } : {}),
      ...(level ? { level } : {}),
    };
  }, [range, operator.applied, target.applied, action, level]);
  const pages = useInfiniteCall('gw.credit.operation.record.query', query ?? { startTime: '', endTime: '' }, {
    enabled: query !== null,
    silent: true,
  });
  const refusal = useRefusal(query ? pages.error : null);
  const rows = useMemo(
    () => (query && !refusal ? (pages.rows as OperationRecordRow[]).slice(0, OPERATION_RECORD_LIMIT) : []),
    [query, refusal, pages.rows],
  );
  const total = query && !refusal ? Math.min(pages.total, OPERATION_RECORD_LIMIT) : 0;

  const columns = useMemo(() => operationColumns(t, format), [t, format]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.id });

  const actionOptions = useMemo(
    () =>
      [...auditedActions, ...recordedActions]
        .map((method) => ({ value: method as string, label: actionName(t, method) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [t],
  );
  const exportAs: TableExport = {
    sheet: t('audit.tab.operations'),
    disabled: rows.length === 0 || pages.isFetching,
    testId: 'audit-export',
  };

  const filters = (
    <>
      {rangeFilter}
      <AuditAccountField filter={operator} name="operator" label={t('audit.operator')} />
      <AuditAccountField filter={target} name="target" label={t('audit.target')} />
      <SelectFilter
        label={t('audit.actionColumn')}
        value={action}
        onChange={(value) => onView({ action: value })}
        options={actionOptions}
        anyLabel={t('audit.anyAction')}
        data-testid="audit-action"
      />
      <SelectFilter
        label={t('audit.levelColumn')}
        value={level}
        onChange={(value) => onView({ level: value })}
        options={operationLevels.map((value) => ({ value, label: t(`audit.level.${value}`) }))}
        data-testid="audit-level"
      />
    </>
  );

  return (
    <ListBody
      model={model}
      filters={filters}
      status={<AuditTotal total={pages.total} query={query} limit={OPERATION_RECORD_LIMIT} />}
      exportAs={exportAs}
      progress={refusal ? <AuditRefusal text={refusal} /> : null}
      table={{
        label: t('audit.tab.operations'),
        total,
        loading: pages.isFetching,
        empty: query && !refusal ? t('audit.empty') : null,
        onEndReached: rows.length < OPERATION_RECORD_LIMIT ? pages.loadMore : undefined,
        minWidth: '90rem',
        testId: 'audit-rows',
        rowTestId: 'audit-row',
        rowAttributes: (row) => ({
          'data-operator': row.operatorLoginId,
          'data-target': row.targetLoginId,
          'data-action': row.action,
          'data-level': row.level,
        }),
      }}
    />
  );
}
