import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { markScoresChecked } from '@commands/risk.commands';
import { scoreCheckStates, SCORE_CHECK_BATCH, type ScoreCheckState } from '@contract/score-check.contract';
import { useDataTable } from '@/components/data-table/data-table';
import { ListScreen } from '@/components/data-table/list-screen';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { Button } from '@/components/ui/button';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCommands } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { listStateCodec, useListScreen } from '@/hooks/use-list-screen';
import { scoreCheckColumns } from './score-check-columns';

const viewState = listStateCodec({ state: z.enum(scoreCheckStates) }, { state: 'unchecked' });

/** Check and add score (level 0): large score operations reviewed after the fact, marked checked; no point is held. */
export default function ScoreCheckScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const commands = useCommands();
  const { view, setView, range, setRange, query, pages, rows } = useListScreen({
    state: viewState,
    method: 'gw.credit.score.check.query',
    defaultRange: null,
    params: (view, times) => ({ state: view.state, ...times }),
  });
  const first = pages.first;

  const columns = useMemo(() => scoreCheckColumns(t, format, commands), [t, format, commands]);
  const model = useDataTable({
    columns,
    data: rows,
    getRowId: (row) => row.serialNo,
    canSelect: (row) => row.checkedBy === null,
    rowName: (row) => row.serialNo,
    resetKey: JSON.stringify(query),
  });
  const selected = model.selectedRows.slice(0, SCORE_CHECK_BATCH);
  const markSelected = async () => {
    if (await markScoresChecked(commands, selected)) model.clearSelection();
  };

  return (
    <ListScreen
      title={t('route.scoreCheck')}
      testId="score-check-screen"
      header={
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-semibold">{t('route.scoreCheck')}</h1>
          <span className="text-sm text-muted-foreground" data-testid="score-check-waiting" data-count={first?.unchecked ?? ''}>
            {first ? t('scoreCheck.waitingCount', { count: first.unchecked }) : ''}
          </span>
        </div>
      }
      intro={
        <>
          <p className="text-sm text-muted-foreground">
            {t('scoreCheck.explain', { threshold: first ? format.amount(first.threshold) : '…' })}
          </p>
          <Tabs value={view.state} onValueChange={(state) => setView({ state: state as ScoreCheckState })}>
            <TabsList>
              {scoreCheckStates.map((state) => (
                <TabsTrigger key={state} value={state} data-testid={`score-check-${state}`}>
                  {t(`scoreCheck.state.${state}`)}
                </TabsTrigger>
              ))}
            </TabsList>
          </Tabs>
        </>
      }
      model={model}
      filters={<DateRangeFilter value={range} onChange={setRange} data-testid="score-check-range" />}
      bulk={
        <Button
          type="button"
          size="sm"
          onClick={() => void markSelected()}
          disabled={selected.length === 0}
          data-testid="score-check-selected"
        >
          {t('scoreCheck.markSelected', { count: selected.length })}
        </Button>
      }
      status={
        <span className="text-sm text-muted-foreground" role="status" data-testid="score-check-total">
          {t('scoreCheck.total', { count: pages.total })}
        </span>
      }
      exportAs={{ sheet: t('route.scoreCheck'), disabled: rows.length === 0, testId: 'score-check-export' }}
      table={{
        total: pages.total,
        loading: pages.isFetching,
        empty: t(view.state === 'unchecked' ? 'scoreCheck.emptyUnchecked' : 'scoreCheck.empty'),
        onEndReached: pages.loadMore,
        rowHeight: 44,
        minWidth: '78rem',
        testId: 'score-check-rows',
        rowTestId: 'score-check-row',
        rowAttributes: (row) => ({ 'data-serial': row.serialNo, 'data-checked': row.checkedBy ? 'true' : 'false' }),
      }}
    />
  );
}
