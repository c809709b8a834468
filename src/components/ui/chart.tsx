import { createContext, useContext, useMemo, type ComponentProps, type CSSProperties, type ReactNode } from 'react';
import { Legend, ResponsiveContainer, Tooltip } from 'recharts';
import type { LegendPayload } from 'recharts/types/component/DefaultLegendContent';
import type { TooltipPayloadEntry } from 'recharts/types/state/tooltipSlice';
import type { Theme } from '@commands/command';
import { useFormat } from '@/hooks/use-format';
import { usePreferences } from '@/lib/preferences';
import { cn } from '@/lib/utils';

/*
 * shadcn's chart shape on recharts. Import this file only from a chart module that a screen
 * loads with import() (src/components/chart/lazy-chart.tsx): recharts is heavy and stays off
 * the login screen and the first screen after sign-in (tests/unit/web-build.test.ts).
 */

/** Each series (a dataKey of the data) with its label and its color, one per theme or the same in both. */
export type ChartConfig = Record<string, { label?: ReactNode } & ({ color: string; theme?: never } | { color?: never; theme: Record<Theme, string> })>;

const ChartContext = createContext<ChartConfig | null>(null);

export function useChart(): ChartConfig {
  const config = useContext(ChartContext);
  if (!config) throw new Error('useChart outside a <ChartContainer />');
  return config;
}

/** `--color-<key>` for each series in the active theme: series draw with `var(--color-<key>)`. */
export function chartColorVariables(config: ChartConfig, theme: Theme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [key, series] of Object.entries(config)) {
    const color = series.theme ? series.theme[theme] : series.color;
    if (color) variables[`--color-${key}`] = color;
  }
  return variables;
}

export function ChartContainer({
  config,
  className,
  children,
  style,
  initialDimension,
  ...props
}: ComponentProps<'div'> & {
  config: ChartConfig;
  children: ComponentProps<typeof ResponsiveContainer>['children'];
  /** The size drawn before the box is measured (and where nothing measures it, as in tests). */
  initialDimension?: { width: number; height: number };
}) {
  const { theme } = usePreferences();
  // A style attribute, not a <style> element: the page's CSP allows attributes, and elements only with its nonce.
  const variables = useMemo(() => chartColorVariables(config, theme), [config, theme]);
  return (
    <ChartContext.Provider value={config}>
      <div
        data-slot="chart"
        data-theme-colors={theme}
        className={cn(
          'flex aspect-video justify-center text-xs',
          '[&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border/60',
          '[&_.recharts-curve.recharts-tooltip-cursor]:stroke-border [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted',
          '[&_.recharts-surface]:outline-hidden [&_.recharts-layer]:outline-hidden',
          className,
        )}
        style={{ ...variables, ...style } as CSSProperties}
        {...props}
      >
        <ResponsiveContainer {...(initialDimension ? { initialDimension } : {})}>{children}</ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

export const ChartTooltip = Tooltip;
export const ChartLegend = Legend;

function seriesKey(entry: { dataKey?: unknown; name?: unknown }, nameKey?: string): string {
  if (nameKey) return nameKey;
  return String(entry.dataKey ?? entry.name ?? 'value');
}

export interface ChartTooltipContentProps {
  active?: boolean;
  payload?: readonly TooltipPayloadEntry[];
  label?: ReactNode;
  hideLabel?: boolean;
  indicator?: 'dot' | 'line';
  nameKey?: string;
  /** How a value is written; by default a number with the interface language's grouping. */
  formatValue?: (value: number | string) => ReactNode;
  labelFormatter?: (label: ReactNode) => ReactNode;
  className?: string;
}

/** The tooltip's box: each series' label from the config, its color, and its value formatted (use-format). */
export function ChartTooltipContent({
  active,
  payload,
  label,
  hideLabel,
  indicator = 'dot',
  nameKey,
  formatValue,
  labelFormatter,
  className,
}: ChartTooltipContentProps) {
  const config = useChart();
  const format = useFormat();
  if (!active || !payload?.length) return null;
  const write = formatValue ?? ((value: number | string) => (typeof value === 'number' ? format.number(value) : value));
  return (
    <div
      data-slot="chart-tooltip"
      className={cn('grid min-w-32 gap-1.5 rounded-lg border bg-popover px-2.5 py-1.5 text-xs text-popover-foreground shadow-xl', className)}
    >
      {hideLabel || label === undefined ? null : <div className="font-medium">{labelFormatter ? labelFormatter(label) : label}</div>}
      {payload
        .filter((entry) => entry.type !== 'none')
        .map((entry) => {
          const key = seriesKey(entry, nameKey);
          const series = config[key];
          const value = entry.value;
          return (
            <div key={key} data-series={key} className="flex items-center gap-2">
              <span
                aria-hidden
                className={cn('shrink-0 rounded-[2px]', indicator === 'dot' ? 'size-2.5' : 'h-2.5 w-1')}
                style={{ background: entry.color ?? `var(--color-${key})` }}
              />
              <span className="flex-1 text-muted-foreground">{series?.label ?? entry.name}</span>
              {value === undefined ? null : (
                <span className="font-mono font-medium tabular-nums">
                  {Array.isArray(value) ? value.map((part) => write(part)).join(' – ') : write(value as number | string)}
                </span>
              )}
            </div>
          );
        })}
    </div>
  );
}

/** The legend: each series' label from the config beside its color. */
export function ChartLegendContent({
  payload,
  verticalAlign = 'bottom',
  nameKey,
  className,
}: {
  payload?: readonly LegendPayload[];
  verticalAlign?: 'top' | 'bottom' | 'middle';
  nameKey?: string;
  className?: string;
}) {
  const config = useChart();
  if (!payload?.length) return null;
  return (
    <ul
      data-slot="chart-legend"
      className={cn('flex items-center justify-center gap-4', verticalAlign === 'top' ? 'pb-3' : 'pt-3', className)}
    >
      {payload
        .filter((entry) => entry.type !== 'none')
        .map((entry) => {
          const key = seriesKey(entry, nameKey);
          return (
            <li key={key} data-series={key} className="flex items-center gap-1.5">
              <span aria-hidden className="size-2 shrink-0 rounded-[2px]" style={{ background: entry.color ?? `var(--color-${key})` }} />
              {config[key]?.label ?? entry.value}
            </li>
          );
        })}
    </ul>
  );
}
