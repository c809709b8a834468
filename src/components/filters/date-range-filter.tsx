import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatDateMinute, formatDay } from '@/lib/format';
import {
  addDays,
  beijingInputInstant,
  isDay,
  presetRange,
  rangePresets,
  rangeProblem,
  sameRange,
  type BeijingRange,
  type RangePreset,
  type RangeProblem,
} from '@/lib/time';
import { cn } from '@/lib/utils';

export interface DateRangeFilterProps {
  /** The range in force, in Beijing terms (`rangeTimes` / `rangeInstants` turn it into instants). */
  value: BeijingRange;
  onChange(range: BeijingRange): void;
  /** Date-times ([start, end) to the minute) instead of whole days (the last one included). */
  withTime?: boolean;
  /** The longest span [start, end) may have, in 24 h days; a longer one is refused and not applied. */
  maxSpanDays?: number;
  presets?: readonly RangePreset[];
  label?: string;
  className?: string;
  'data-testid'?: string;
}

/** A preset's whole days as the inputs of this filter write them. */
function presetValue(preset: RangePreset, withTime: boolean, now: number): BeijingRange {
  const days = presetRange(preset, now);
  return withTime ? { start: `${days.start}T00:00`, end: `${addDays(days.end, 1)}T00:00` } : days;
}

/** One side of a range as the interface language writes it; an open side as "…". */
function writtenSide(side: string, language: string): string {
  if (side === '') return '…';
  if (isDay(side)) return formatDay(side, language);
  const instant = beijingInputInstant(side);
  return instant ? formatDateMinute(instant, language) : side;
}

/**
 * A time range in Beijing time, whatever the browser's zone: two dates (or date-times) and
 * presets. A range that is not valid or too long stays in the inputs with a message and is not
 * applied, so the screen keeps showing the last valid one. A screen with a maximum starts from a
 * preset, e.g. reports: `useState(() => presetRange('today'))`, `maxSpanDays={93}`, and sends
 * `rangeTimes(method, range)`; with `withTime`, sides are written `YYYY-MM-DDTHH:mm`. The inputs stay
 * native (the browser writes their dates its own way), so the range in force is written under them
 * in the interface language and describes them.
 */
export function DateRangeFilter({
  value,
  onChange,
  withTime = false,
  maxSpanDays,
  presets = rangePresets,
  label,
  className,
  ...rest
}: DateRangeFilterProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (!sameRange(shown, value)) {
    setShown(value);
    setDraft(value);
  }
  const problem = rangeProblem(draft, maxSpanDays);
  const now = Date.now();
  const chosen =
    value.start || value.end
      ? t('filter.chosen', { start: writtenSide(value.start, i18n.language), end: writtenSide(value.end, i18n.language) })
      : null;
  const describedBy = [chosen ? `${id}-chosen` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ') || undefined;
  const problemText = (found: RangeProblem) => t(`filter.problem.${found.kind}`, { days: 'maxDays' in found ? found.maxDays : 0 });

  function edit(next: BeijingRange) {
    setDraft(next);
    if (rangeProblem(next, maxSpanDays) === null && !sameRange(next, value)) onChange(next);
  }

  const side = (key: 'start' | 'end') => (
    <div className="grid gap-1">
      <label htmlFor={`${id}-${key}`} className="text-xs text-muted-foreground">
        {t(`filter.${key}`)}
      </label>
      <Input
        id={`${id}-${key}`}
        type={withTime ? 'datetime-local' : 'date'}
        value={draft[key]}
        onChange={(event) => edit({ ...draft, [key]: event.target.value })}
        className={withTime ? 'w-52' : 'w-40'}
        aria-invalid={problem !== null || undefined}
        aria-describedby={describedBy}
        data-testid={rest['data-testid'] ? `${rest['data-testid']}-${key}` : undefined}
      />
    </div>
  );

  return (
    <fieldset className={cn('flex flex-wrap items-end gap-2', className)} data-testid={rest['data-testid']}>
      <legend className="sr-only">{label ?? t('filter.range')}</legend>
      {side('start')}
      {side('end')}
      <div role="group" aria-label={t('filter.presets')} className="flex flex-wrap gap-1">
        {presets.map((preset) => {
          const range = presetValue(preset, withTime, now);
          const refused = rangeProblem(range, maxSpanDays);
          return (
            <Button
              key={preset}
              type="button"
              size="sm"
              variant={sameRange(range, value) ? 'secondary' : 'ghost'}
              aria-pressed={sameRange(range, value)}
              disabled={refused !== null}
              title={refused ? problemText(refused) : undefined}
              onClick={() => edit(range)}
              data-preset={preset}
            >
              {t(`filter.preset.${preset}`)}
            </Button>
          );
        })}
      </div>
      {chosen ? (
        <p id={`${id}-chosen`} className="basis-full text-xs text-muted-foreground" data-testid="range-chosen">
          {chosen}
        </p>
      ) : null}
      {problem ? (
        <p
          id={`${id}-problem`}
          role="alert"
          className="basis-full text-xs text-destructive"
          data-testid="range-problem"
          data-problem={problem.kind}
        >
          {problemText(problem)}
        </p>
      ) : null}
    </fieldset>
  );
}
