import { hashKey } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import type { MethodName, ParamsIn } from '@contract/methods.contract';
import type { RangePreset } from '@contract/range-presets.contract';
import { useInfiniteCall, type PagedMethod } from '@/api/queries';
import { urlStateCodec, useUrlState, type UrlStateCodec } from '@/hooks/use-url-state';
import { presetRange, rangeTimes, type BeijingRange } from '@/lib/time';

/** A Beijing day in a list's URL state, `YYYY-MM-DD` (what the date range filter writes). */
export const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The Beijing days of a list's range in its URL state, for a state that places them among its fields. */
export const rangeFields = { start: daySchema, end: daySchema };

type Flat = Record<string, string>;
type RangeView = { start: string; end: string; preset?: string };

/**
 * A list screen's URL state: its own fields and the Beijing days `start` and `end` of its range
 * (empty: the screen's default range).
 */
export function listStateCodec<F extends Record<string, z.ZodType<string>>>(
  fields: F,
  defaults: { [K in keyof F]: z.output<F[K]> },
): UrlStateCodec<{ [K in keyof F]: z.output<F[K]> } & { start: string; end: string }> {
  return urlStateCodec({ ...fields, start: daySchema, end: daySchema }, { ...defaults, start: '', end: '' }) as never;
}

/**
 * The range in force: the days of the URL, else the default preset (or the `preset` the URL asks
 * for, from the palette) read when the screen opens; the same object until one of them changes.
 * Without a default an empty range stays open.
 */
export function useViewRange(view: RangeView, defaultRange: RangePreset | null): BeijingRange {
  const preset = (view.preset as RangePreset | '' | undefined) || defaultRange;
  const fallback = useMemo<BeijingRange>(() => (preset ? presetRange(preset) : { start: '', end: '' }), [preset]);
  const { start, end } = view;
  return useMemo(() => (preset === null ? { start, end } : start && end ? { start, end } : fallback), [preset, start, end, fallback]);
}

/** A value kept the same object while it stays equal as a query key (so memos and effects over it hold). */
export function useStableValue<T>(value: T): T {
  const [kept, setKept] = useState(value);
  const same = kept === value || hashKey([kept]) === hashKey([value]);
  if (!same) setKept(value);
  return same ? kept : value;
}

type PageParams<M extends PagedMethod> = Omit<ParamsIn<M>, 'pageIndex' | 'pageSize'>;
/** The range as the method's `startTime`/`endTime` (`rangeTimes`); without `maxSpanDays` an open side is left out. */
export type ListTimes = { startTime: string; endTime: string };

export interface ListViewOptions<M extends MethodName, T extends Flat, P> {
  state: UrlStateCodec<T & { start: string; end: string }>;
  /** The method whose params declare how the range's end counts. */
  method: M;
  /** The range before the user picks one; null: an empty range is no bound. */
  defaultRange: RangePreset | null;
  /** The longest range the method takes; with it, both sides are needed. */
  maxSpanDays?: number;
  /** The method's params from the view and the range's times; null while nothing is to be asked. */
  params(view: T & { start: string; end: string }, times: ListTimes): P | null;
}

export interface ListScreenOptions<M extends PagedMethod, T extends Flat> extends ListViewOptions<M, T, PageParams<M>> {
  pageSize?: number;
}

/**
 * A list's view in the URL, the range in force and the params it asks with (the same object
 * while they stay equal; null while the range has a problem or `params` gives null), for a
 * screen that asks one or more methods itself (a report).
 */
export function useListView<M extends MethodName, T extends Flat, P>(options: ListViewOptions<M, T, P>) {
  const [view, setView] = useUrlState(options.state);
  const range = useViewRange(view, options.defaultRange);
  const times = rangeTimes(options.method, range, options.maxSpanDays as number) as ListTimes | null;
  const query = useStableValue(times ? options.params(view, times) : null);
  const setRange = (next: BeijingRange) =>
    setView({ start: next.start, end: next.end, ...('preset' in view ? { preset: '' } : {}) } as Partial<T & RangeView>, 'replace');
  return { view, setView, range, setRange, query };
}

/**
 * A list screen's state: its view in the URL, the range in force, the params it asks with (the
 * same object while they stay equal) and the pages as the table scrolls. While the range has a
 * problem or `params` gives null nothing is asked and the list is empty.
 */
export function useListScreen<M extends PagedMethod, T extends Flat>(options: ListScreenOptions<M, T>) {
  const { query, ...listView } = useListView(options);
  const list = useListQuery(options.method, query, { pageSize: options.pageSize });
  return { ...listView, ...list };
}

/** The pages of a paged method for `query`, none asked while it is null (the rows then empty, the total 0). */
export function useListQuery<M extends PagedMethod>(
  method: M,
  query: PageParams<M> | null,
  options: { pageSize?: number; silent?: boolean } = {},
) {
  const pages = useInfiniteCall(method, query ?? ({} as PageParams<M>), { ...options, enabled: query !== null });
  const loaded = pages.rows;
  const rows = useMemo(() => (query ? loaded : []), [query, loaded]);
  return { query, pages, rows, total: query ? pages.total : 0 };
}
