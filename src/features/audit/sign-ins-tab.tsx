import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ipAddressSchema, signInResults, type LoginLogRow, type SignInResult } from '@contract/audit.contract';
import { loginIdRule } from '@contract/rules.contract';
import type { ParamsIn } from '@contract/methods.contract';
import { useInfiniteCall } from '@/api/queries';
import { useDataTable } from '@/components/data-table/data-table';
import { type TableExport } from '@/components/data-table/data-table-toolbar';
import { ListBody } from '@/components/data-table/list-screen';
import { CheckedSearchFilter } from '@/components/filters/checked-search-filter';
import { SelectFilter } from '@/components/filters/select-filter';
import { problemText } from '@/components/form/form-messages';
import { useFormat } from '@/hooks/use-format';
import { AuditRefusal, AuditTotal, useRefusal, type TabProps } from './audit-tab-parts';
import { signInColumns } from './operation-record-columns';

export function SignInsTab({
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
    <ListBody
      model={model}
      filters={filters}
      status={<AuditTotal total={pages.total} query={query} />}
      exportAs={exportAs}
      progress={refusal ? <AuditRefusal text={refusal} /> : null}
      table={{
        label: t('audit.tab.signIns'),
        total: query && !refusal ? pages.total : 0,
        loading: pages.isFetching,
        empty: query && !refusal ? t('audit.signInsEmpty') : null,
        onEndReached: pages.loadMore,
        minWidth: '70rem',
        testId: 'audit-sign-ins',
        rowTestId: 'audit-sign-in',
        rowAttributes: (row) => ({ 'data-login-id': row.loginId, 'data-code': String(row.code) }),
      }}
    />
  );
}
