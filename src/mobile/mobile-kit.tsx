import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { rangePresets, type RangePreset } from '@contract/range-presets.contract';
import { useViewRange } from '@/hooks/use-list-screen';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

/**
 * A long list of cards scrolling with the page, only those near the screen drawn; the next page
 * is asked for as the end comes near.
 */
export function VirtualCards<T>({
  rows,
  total,
  loading,
  loadMore,
  rowKey,
  estimate,
  children,
  testId,
}: {
  rows: readonly T[];
  total: number;
  loading: boolean;
  loadMore(): void;
  rowKey(row: T): string;
  /** A card's usual height in px (each is measured once drawn). */
  estimate: number;
  children(row: T): ReactNode;
  testId: string;
}) {
  // The virtualizer counts from where the list starts on the page.
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => estimate,
    overscan: 6,
    scrollMargin: list?.offsetTop ?? 0,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (last >= rows.length - 5 && rows.length < total && !loading) loadMore();
  }, [last, rows.length, total, loading, loadMore]);
  return (
    <ul ref={setList} className="relative" style={{ height: virtualizer.getTotalSize() }} data-testid={testId}>
      {items.map((item) => {
        const row = rows[item.index]!;
        return (
          <li
            key={rowKey(row)}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="absolute inset-x-0 pb-2"
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            {children(row)}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The range of a list screen: the days its address gives (a link from another screen), else a
 * quick range picked on the phone (today to start); picking one clears the address's days.
 */
export function usePresetRange(days: { start: string; end: string }, clearDays: () => void) {
  const [preset, setPreset] = useState<RangePreset>('today');
  const range = useViewRange(days, preset);
  const select = {
    preset,
    custom: days.start ? `${range.start} – ${range.end}` : null,
    onPick: (next: RangePreset) => {
      setPreset(next);
      clearDays();
    },
  };
  return { range, select };
}

/** A quick range (today, yesterday, this week…); a range set elsewhere (a link) shows as its days until another is picked. */
export function RangePresetSelect({
  id,
  preset,
  custom,
  onPick,
}: {
  id: string;
  preset: RangePreset;
  /** The days of a range given by the address, if any. */
  custom: string | null;
  onPick(preset: RangePreset): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid min-w-0 gap-1">
      <Label htmlFor={id}>{t('reports.range')}</Label>
      <NativeSelect
        id={id}
        className="w-full min-w-0"
        value={custom ? '' : preset}
        onChange={(event) => onPick(event.target.value as RangePreset)}
        data-testid={id}
      >
        {custom ? <option value="">{custom}</option> : null}
        {rangePresets.map((item) => (
          <option key={item} value={item}>
            {t(`filter.preset.${item}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The one account a list is narrowed to, and the way back to the whole line. */
export function AccountChip({ name, onClear, testId }: { name: string; onClear(): void; testId: string }) {
  const { t } = useTranslation();
  return (
    <p className="flex items-center gap-2 text-sm">
      <span data-testid={testId}>{name}</span>
      <Button variant="outline" size="sm" onClick={onClear}>
        {t('log.clearAccount')}
      </Button>
    </p>
  );
}
