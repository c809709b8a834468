import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { z } from 'zod';
import { dealRecordPath } from '../../../commands/risk.commands';
import { DEAL_RECORD_MAX_DAYS } from '../../../contract/deal-record.contract';
import { useInfiniteCall } from '@/api/queries';
import { DataTable, useDataTable } from '@/components/data-table/data-table';
import { DataTableToolbar } from '@/components/data-table/data-table-toolbar';
import { AccountPicker } from '@/components/filters/account-picker';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { urlStateCodec, useUrlState } from '@/hooks/use-url-state';
import { presetRange, rangeProblem, rangeTimes } from '@/lib/time';
import { dealRecordColumns } from './deal-record-columns';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const viewState = urlStateCodec({ start: day, end: day }, { start: '', end: '' });

/** /dealRecord/index/:userId: one account's point movements and bet settlements in time order, with both running balances. */
export default function DealRecordScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const rights = useRights();
  const [, navigate] = useLocation();
  const { userId = rights.userId } = useParams<{ userId?: string }>();
  const [view, setView] = useUrlState(viewState);
  const [week] = useState(() => presetRange('last7Days'));
  const [name, setName] = useState('');
  const range = view.start && view.end ? { start: view.start, end: view.end } : week;
  const times = rangeTimes(range, DEAL_RECORD_MAX_DAYS);
  const problem = rangeProblem(range, DEAL_RECORD_MAX_DAYS);
  const pages = useInfiniteCall(
    'gw.credit.deal.record.query',
    { userId, ...(times ?? { startTime: '', endTime: '' }) },
    { enabled: times !== null },
  );
  const first = pages.first;
  const member = first?.level === 5;

  const columns = useMemo(() => dealRecordColumns(t, format, member), [t, format, member]);
  const model = useDataTable({ columns, data: times ? pages.rows : [], getRowId: (row) => `${row.kind}:${row.reference}` });

  return (
    <section className="flex h-[calc(100vh-10rem)] min-h-96 flex-col gap-3" data-testid="deal-record-screen">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold">
          {t('route.dealRecord')}
          {first ? (
            <span className="ms-2 text-base font-normal text-muted-foreground" data-testid="deal-record-account">
              {first.loginId}
            </span>
          ) : null}
        </h1>
        <div className="w-56">
          <AccountPicker
            id="deal-account"
            label={t('deal.account')}
            placeholder={t('deal.account')}
            text={name}
            onTextChange={setName}
            onPick={(account) => {
              setName('');
              const query = viewState.serialize(view);
              navigate(query ? `${dealRecordPath(account.userId)}?${query}` : dealRecordPath(account.userId));
            }}
            onClear={() => setName('')}
            limit={8}
            inputData={{ 'data-testid': 'deal-record-picker' }}
            optionTestId="deal-record-suggestion"
          />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{t('deal.explain', { days: DEAL_RECORD_MAX_DAYS })}</p>
      <DataTableToolbar
        model={model}
        filters={
          <DateRangeFilter
            value={range}
            onChange={(next) => setView({ start: next.start, end: next.end }, 'replace')}
            maxSpanDays={DEAL_RECORD_MAX_DAYS}
            data-testid="deal-record-range"
          />
        }
        status={
          <span className="text-sm text-muted-foreground" role="status" data-testid="deal-record-opening">
            {first && !problem
              ? member
                ? t('deal.openingMember', {
                    balance: format.amount(first.opening.balance),
                    platform: format.amount(first.opening.platformBalance ?? '0.00'),
                    count: pages.total,
                  })
                : t('deal.opening', { balance: format.amount(first.opening.balance), count: pages.total })
              : ''}
          </span>
        }
        exportAs={{
          sheet: `${t('route.dealRecord')} ${first?.loginId ?? userId}`,
          disabled: pages.rows.length === 0,
          testId: 'deal-record-export',
        }}
      />
      <DataTable
        model={model}
        label={t('route.dealRecord')}
        total={times ? pages.total : 0}
        loading={pages.isFetching}
        empty={t('deal.empty')}
        onEndReached={pages.loadMore}
        rowHeight={40}
        minWidth={member ? '88rem' : '64rem'}
        testId="deal-record-rows"
        rowTestId="deal-record-row"
        rowAttributes={(row) => ({ 'data-kind': row.kind, 'data-reference': row.reference })}
      />
    </section>
  );
}
