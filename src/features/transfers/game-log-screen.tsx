import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { idSchema } from '../../../contract/common.contract';
import { BET_MAX_SPAN_DAYS } from '../../../contract/game.contract';
import { useInfiniteCall } from '@/api/queries';
import { DataTable, useDataTable } from '@/components/data-table/data-table';
import { DataTableToolbar } from '@/components/data-table/data-table-toolbar';
import { AccountPicker } from '@/components/filters/account-picker';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { useFormat } from '@/hooks/use-format';
import { urlStateCodec, useUrlState } from '@/hooks/use-url-state';
import { presetRange, rangeTimes } from '@/lib/time';
import { gameLogColumns } from './game-log-columns';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const gameLogView = urlStateCodec(
  { account: idSchema, name: z.string().max(16), start: day, end: day },
  { account: '', name: '', start: '', end: '' },
);

/** /gameLog/index: one member's game sessions (transfer in, bets, transfer out) over Beijing days. */
export default function GameLogScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [view, setView] = useUrlState(gameLogView);
  const [week] = useState(() => presetRange('thisWeek'));
  const range = view.start && view.end ? { start: view.start, end: view.end } : week;
  const [accountText, setAccountText] = useState(view.name);
  const query = useMemo(() => {
    const times = rangeTimes(range, BET_MAX_SPAN_DAYS);
    if (!view.account || !times) return null;
    return { userId: view.account, ...times };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.account, range.start, range.end]);
  const pages = useInfiniteCall('gw.credit.player.game.log', query ?? { userId: '0', startTime: '', endTime: '' }, {
    enabled: query !== null,
  });
  const rows = useMemo(() => (query ? pages.rows : []), [query, pages.rows]);
  const columns = useMemo(() => gameLogColumns(t, format), [t, format]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => row.sessionId });

  return (
    <section className="flex h-[calc(100vh-10rem)] min-h-96 flex-col gap-3" data-testid="game-log-screen">
      <h1 className="text-xl font-semibold">{t('route.gameLog')}</h1>
      <DataTableToolbar
        model={model}
        filters={
          <>
            <AccountPicker
              id="game-log-account"
              label={t('bets.member')}
              showLabel
              placeholder={t('gameLog.chooseMember')}
              text={accountText}
              onTextChange={setAccountText}
              onPick={(account) => {
                setAccountText(account.loginId);
                setView({ account: account.userId, name: account.loginId });
              }}
              limit={8}
              inputClassName="w-40"
              inputData={{ 'data-testid': 'game-log-account', 'data-user-id': view.account || undefined }}
            />
            <DateRangeFilter
              value={range}
              onChange={(next) => setView({ start: next.start, end: next.end }, 'replace')}
              maxSpanDays={BET_MAX_SPAN_DAYS}
              data-testid="game-log-range"
            />
          </>
        }
        status={
          <span className="text-sm text-muted-foreground" role="status" data-testid="game-log-total" data-total={query ? pages.total : 0}>
            {query ? t('gameLog.total', { count: pages.total }) : t('gameLog.pickMember')}
          </span>
        }
        exportAs={{ sheet: t('route.gameLog'), disabled: rows.length === 0, testId: 'game-log-export' }}
      />
      <DataTable
        model={model}
        label={t('route.gameLog')}
        total={query ? pages.total : 0}
        loading={query !== null && pages.isFetching}
        empty={query ? t('gameLog.empty') : null}
        onEndReached={pages.loadMore}
        minWidth="96rem"
        testId="game-log-rows"
        rowTestId="game-log-row"
        rowAttributes={(row) => ({ 'data-session-id': row.sessionId })}
      />
    </section>
  );
}
