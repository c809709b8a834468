import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_MAX_SPAN_DAYS,
  ipAddressSchema,
  OPERATION_RECORD_LIMIT,
  operationLevels,
  signInResults,
  type LoginLogRow,
  type OperationLevel,
  type OperationRecordRow,
  type SignInResult,
} from '../../../contract/audit.contract';
import { loginIdRule } from '../../../contract/rules.contract';
import type { ParamsIn } from '../../../contract/methods.contract';
import { can } from '../../../commands/can';
import { GatewayError } from '@/api/gateway-client';
import { reportError, useCall, useInfiniteCall } from '@/api/queries';
import { DataTable, useDataTable } from '@/components/data-table/data-table';
import { DataTableToolbar, type TableExport } from '@/components/data-table/data-table-toolbar';
import { CheckedSearchFilter } from '@/components/filters/checked-search-filter';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { SelectFilter } from '@/components/filters/select-filter';
import { problemText } from '@/components/form/form-messages';
import { useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { useUrlState } from '@/hooks/use-url-state';
import { presetRange, rangeProblem, rangeToGateway, type BeijingRange } from '@/lib/time';
import { cn } from '@/lib/utils';
import { auditedActions } from './audit-actions';
import { AuditAccountField, useAuditAccount } from './audit-account-field';
import { actionName } from './operation-changes';
import { operationColumns, signInColumns } from './operation-record-columns';
import { operationRecordState } from './operation-record-state';

const tabs = ['operations', 'signIns'] as const;
type Range = { startTime: string; endTime: string };

/** The message of a refused range (100 with its rule), or null: other failures go to the error toast. */
function useRefusal(error: unknown): string | null {
  const { t } = useTranslation();
  const rule = error instanceof GatewayError && error.code === 100 ? error.data?.rule : undefined;
  useEffect(() => {
    if (error && !rule) reportError(error);
  }, [error, rule]);
  return rule ? problemText(t, rule) : null;
}

/** /operationRecord/index: the write calls and the sign-ins of the caller's line over at most 15 days (spec §9). */
export default function OperationRecordScreen() {
  const { t } = useTranslation();
  const [view, setView] = useUrlState(operationRecordState);
  const today = presetRange('today');
  const [start, end] = view.start && view.end ? [view.start, view.end] : [today.start, today.end];
  const range = useMemo<BeijingRange>(() => ({ start, end }), [start, end]);
  const gatewayRange = useMemo(() => (rangeProblem(range, AUDIT_MAX_SPAN_DAYS) ? null : (rangeToGateway(range) as Range)), [range]);
  const rangeFilter = (
    <DateRangeFilter
      value={range}
      onChange={(next) => setView({ start: next.start, end: next.end }, 'replace')}
      maxSpanDays={AUDIT_MAX_SPAN_DAYS}
      data-testid="audit-range"
    />
  );

  return (
    <section className="flex h-[calc(100vh-10rem)] min-h-96 flex-col gap-3" data-testid="operation-record-screen">
      <h1 className="text-xl font-semibold">{t('route.operationRecord')}</h1>
      <div role="tablist" aria-label={t('route.operationRecord')} className="flex gap-1 border-b">
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`audit-tab-${tab}`}
            aria-selected={view.tab === tab}
            aria-controls="audit-panel"
            onClick={() => setView({ tab })}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm',
              view.tab === tab
                ? 'border-primary font-medium text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
            data-testid={`audit-tab-${tab}`}
          >
            {t(`audit.tab.${tab}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="audit-panel" aria-labelledby={`audit-tab-${view.tab}`} className="flex min-h-0 flex-1 flex-col gap-3">
        {view.tab === 'operations' ? (
          <OperationsTab range={gatewayRange} rangeFilter={rangeFilter} action={view.action} level={view.level} onView={setView} />
        ) : (
          <SignInsTab
            range={gatewayRange}
            rangeFilter={rangeFilter}
            login={view.login}
            ip={view.ip}
            result={view.result}
            onView={setView}
          />
        )}
      </div>
    </section>
  );
}

interface TabProps {
  /** The range to ask for, null while the chosen one is refused (nothing is asked then). */
  range: Range | null;
  rangeFilter: ReactNode;
}

function OperationsTab({
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
      auditedActions
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
    <>
      <DataTableToolbar
        model={model}
        filters={filters}
        status={<Total total={pages.total} query={query} limit={OPERATION_RECORD_LIMIT} />}
        exportAs={exportAs}
      />
      {refusal ? <Refusal text={refusal} /> : null}
      <DataTable
        model={model}
        label={t('audit.tab.operations')}
        total={total}
        loading={pages.isFetching}
        empty={query && !refusal ? t('audit.empty') : null}
        onEndReached={rows.length < OPERATION_RECORD_LIMIT ? pages.loadMore : undefined}
        minWidth="90rem"
        testId="audit-rows"
        rowTestId="audit-row"
        rowAttributes={(row) => ({
          'data-operator': row.operatorLoginId,
          'data-target': row.targetLoginId,
          'data-action': row.action,
          'data-level': row.level,
        })}
      />
    </>
  );
}

function SignInsTab({
  range,
  rangeFilter,
  login,
  ip,
  result,
  onView,
}: TabProps & {
  login: string;
  ip: string;
  result: SignInResult | '';
  onView(patch: { login?: string; ip?: string; result?: SignInResult | '' }): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [problem, setProblem] = useState<{ field: 'login' | 'ip'; text: string } | null>(null);
  const query = useMemo<Omit<ParamsIn<'gw.credit.login.log.query'>, 'pageIndex' | 'pageSize'> | null>(
    () => (range ? { ...range, ...(login ? { loginId: login } : {}), ...(ip ? { ip } : {}), ...(result ? { result } : {}) } : null),
    [range, login, ip, result],
  );
  const pages = useInfiniteCall('gw.credit.login.log.query', query ?? { startTime: '', endTime: '' }, {
    enabled: query !== null,
    silent: true,
  });
  const refusal = useRefusal(query ? pages.error : null);
  const checked = (field: 'login' | 'ip', fits: (text: string) => boolean, rule: string) => (text: string) => {
    if (text !== '' && !fits(text)) return setProblem({ field, text: problemText(t, rule) ?? '' });
    setProblem((shown) => (shown?.field === field ? null : shown));
    onView({ [field]: text });
  };
  const filters = (
    <>
      {rangeFilter}
      <CheckedSearchFilter
        label={t('audit.login')}
        value={login}
        onChange={checked('login', (text) => loginIdRule.safeParse(text).success, 'login-id')}
        maxLength={16}
        className="w-40"
        data-testid="sign-ins-login"
        problem={problem?.field === 'login' ? problem.text : null}
        problemTestId="sign-ins-login-problem"
      />
      <CheckedSearchFilter
        label={t('audit.ip')}
        value={ip}
        onChange={checked('ip', (text) => ipAddressSchema.safeParse(text).success, 'ip-address')}
        maxLength={45}
        className="w-40"
        data-testid="sign-ins-ip"
        problem={problem?.field === 'ip' ? problem.text : null}
        problemTestId="sign-ins-ip-problem"
      />
      <SelectFilter
        label={t('audit.result')}
        value={result}
        onChange={(value) => onView({ result: value })}
        options={signInResults.map((value) => ({ value, label: t(value === 'ok' ? 'audit.signInOk' : 'audit.signInFailed') }))}
        anyLabel={t('audit.anyResult')}
        data-testid="sign-ins-result"
      />
    </>
  );
  const rows = useMemo(() => (query && !refusal ? (pages.rows as LoginLogRow[]) : []), [query, refusal, pages.rows]);
  const columns = useMemo(() => signInColumns(t, format), [t, format]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.id });
  const exportAs: TableExport = {
    sheet: t('audit.tab.signIns'),
    disabled: rows.length === 0 || pages.isFetching,
    testId: 'audit-export',
  };
  return (
    <>
      <DataTableToolbar model={model} filters={filters} status={<Total total={pages.total} query={query} />} exportAs={exportAs} />
      {refusal ? <Refusal text={refusal} /> : null}
      <DataTable
        model={model}
        label={t('audit.tab.signIns')}
        total={query && !refusal ? pages.total : 0}
        loading={pages.isFetching}
        empty={query && !refusal ? t('audit.signInsEmpty') : null}
        onEndReached={pages.loadMore}
        minWidth="70rem"
        testId="audit-sign-ins"
        rowTestId="audit-sign-in"
        rowAttributes={(row) => ({ 'data-login-id': row.loginId, 'data-code': String(row.code) })}
      />
    </>
  );
}

function Total({ total, query, limit }: { total: number; query: object | null; limit?: number }) {
  const { t } = useTranslation();
  const count = query ? total : 0;
  return (
    <span className="text-sm text-muted-foreground" role="status" data-testid="audit-total" data-total={count}>
      {limit !== undefined && count > limit ? t('audit.newest', { count: limit, total: count }) : t('accounts.total', { count })}
    </span>
  );
}

function Refusal({ text }: { text: string }) {
  return (
    <p role="alert" className="text-sm text-destructive" data-testid="audit-refusal">
      {text}
    </p>
  );
}
