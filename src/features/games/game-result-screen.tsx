import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { gameName } from '../../../commands/game.commands';
import { BET_MAX_SPAN_DAYS } from '../../../contract/game.contract';
import type { ParamsIn } from '../../../contract/methods.contract';
import { useCall, useInfiniteCall } from '@/api/queries';
import { DataTable, useDataTable } from '@/components/data-table/data-table';
import { DataTableToolbar } from '@/components/data-table/data-table-toolbar';
import { CheckedSearchFilter } from '@/components/filters/checked-search-filter';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { SearchFilter } from '@/components/filters/search-filter';
import { SelectFilter } from '@/components/filters/select-filter';
import { useFormat } from '@/hooks/use-format';
import { urlStateCodec, useUrlState } from '@/hooks/use-url-state';
import { presetRange, rangeTimes } from '@/lib/time';
import { gameResultColumns } from './game-result-columns';

type Query = Omit<ParamsIn<'gw.credit.game.result.query'>, 'pageIndex' | 'pageSize'>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const gameResultState = urlStateCodec(
  { game: z.string().max(32), table: z.string().max(32), round: z.string().max(40), start: day, end: day },
  { game: '', table: '', round: '', start: '', end: '' },
);
const codePattern = /^[A-Za-z0-9-]*$/;

/** /gameResult/index: the rounds of the platform's tables and machines, each result drawn as its game shows it. */
export default function GameResultScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [view, setView] = useUrlState(gameResultState);
  const [today] = useState(() => presetRange('today'));
  const range = view.start && view.end ? { start: view.start, end: view.end } : today;
  const [badInput, setBadInput] = useState<'table' | 'round' | null>(null);
  const games = useCall('gw.credit.game.list', {}, { silent: true, staleTime: 60_000 });

  const query = useMemo<Query | null>(() => {
    const times = rangeTimes(range, BET_MAX_SPAN_DAYS);
    if (!times) return null;
    return {
      ...times,
      ...(view.game ? { gameCode: view.game } : {}),
      ...(view.table ? { gameId: view.table } : {}),
      ...(view.round ? { round: view.round } : {}),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [range.start, range.end, view.game, view.table, view.round]);
  const pages = useInfiniteCall('gw.credit.game.result.query', query ?? { startTime: '', endTime: '' }, { enabled: query !== null });
  const rows = useMemo(() => (query ? pages.rows : []), [query, pages.rows]);
  const total = query ? pages.total : 0;

  const columns = useMemo(() => gameResultColumns(t, format), [t, format]);
  const model = useDataTable({ columns, data: rows, getRowId: (row) => `${row.gameId}:${row.round}` });

  const codeFilter = (name: 'table' | 'round') => (value: string) => {
    const fits = codePattern.test(value);
    setBadInput(fits ? null : name);
    if (fits) setView({ [name]: value });
  };

  const filters = (
    <>
      <SelectFilter
        label={t('bets.column.game')}
        value={view.game}
        onChange={(game) => setView({ game })}
        options={(games.data?.list ?? []).map((game) => ({ value: game.gameCode, label: gameName(t, game) }))}
        anyLabel={t('bets.anyGame')}
        data-testid="results-game"
      />
      <SearchFilter
        label={t('bets.column.gameId')}
        value={view.table}
        onChange={codeFilter('table')}
        maxLength={32}
        data-testid="results-table"
      />
      <CheckedSearchFilter
        label={t('bets.column.round')}
        value={view.round}
        onChange={codeFilter('round')}
        maxLength={40}
        data-testid="results-round"
        problem={badInput ? t('results.codeOnly') : null}
        problemTestId="results-problem"
      />
      <DateRangeFilter
        value={range}
        onChange={(next) => setView({ start: next.start, end: next.end }, 'replace')}
        maxSpanDays={BET_MAX_SPAN_DAYS}
        data-testid="results-range"
      />
    </>
  );

  return (
    <section className="flex h-[calc(100vh-10rem)] min-h-96 flex-col gap-3" data-testid="game-result-screen">
      <h1 className="text-xl font-semibold">{t('route.gameResult')}</h1>
      <DataTableToolbar
        model={model}
        filters={filters}
        status={
          <span className="text-sm text-muted-foreground" role="status" data-testid="results-total" data-total={total}>
            {t('results.total', { count: total })}
          </span>
        }
        exportAs={{
          sheet: t('route.gameResult'),
          disabled: rows.length === 0 || rows.length < total,
          testId: 'results-export',
        }}
      />
      <DataTable
        model={model}
        label={t('route.gameResult')}
        total={total}
        loading={pages.isFetching}
        empty={query ? t('results.empty') : null}
        onEndReached={pages.loadMore}
        rowHeight={52}
        minWidth="60rem"
        testId="result-rows"
        rowTestId="result-row"
        rowAttributes={(row) => ({ 'data-round': row.round, 'data-game-id': row.gameId })}
      />
    </section>
  );
}
