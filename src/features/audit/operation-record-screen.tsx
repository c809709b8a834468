import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_MAX_SPAN_DAYS } from '@contract/audit.contract';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { useUrlState } from '@/hooks/use-url-state';
import { presetRange, rangeTimes, type BeijingRange } from '@/lib/time';
import { cn } from '@/lib/utils';
import type { AuditRange } from './audit-tab-parts';
import { OperationsTab } from './operations-tab';
import { operationRecordState } from './operation-record-state';
import { SignInsTab } from './sign-ins-tab';

const tabs = ['operations', 'signIns'] as const;

/** /operationRecord/index: the write calls and the sign-ins of the caller's line over at most 15 days (docs/product.md#operation-record). */
export default function OperationRecordScreen() {
  const { t } = useTranslation();
  const [view, setView] = useUrlState(operationRecordState);
  const today = presetRange('today');
  const [start, end] = view.start && view.end ? [view.start, view.end] : [today.start, today.end];
  const range = useMemo<BeijingRange>(() => ({ start, end }), [start, end]);
  const gatewayRange = useMemo<AuditRange | null>(
    () => rangeTimes('gw.credit.operation.record.query', range, AUDIT_MAX_SPAN_DAYS),
    [range],
  );
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
