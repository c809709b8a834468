import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, XAxis, YAxis } from 'recharts';
import { valueAxis } from '@/components/chart/chart-axis';
import {
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
  type ChartConfig,
} from '@/components/ui/chart';
import { useFormat } from '@/hooks/use-format';
import { useSiteCurrency, withCurrency } from '@/lib/site-currency';

export interface WinLossBar {
  /** The day as the interface language writes its month and day ("11/20") or the game type's label. */
  label: string;
  /** The members' win/loss and what the line hands up, in yuan. */
  valueWonLose: number;
  agentToCompany: number;
}

/** The report's results as bars: per day or per game type. Loaded with import() by the report screen only. */
export default function WinLossChart({ bars, className, testId }: { bars: readonly WinLossBar[]; className?: string; testId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const currency = useSiteCurrency();
  const axis = valueAxis(bars.flatMap((bar) => [bar.valueWonLose, bar.agentToCompany]));
  const config: ChartConfig = {
    valueWonLose: { label: withCurrency(t('reports.column.valueWonLose'), currency), theme: { black: '#f2b517', red: '#b91c1c' } },
    agentToCompany: { label: withCurrency(t('reports.column.agentToCompany'), currency), color: '#2563eb' },
  };
  return (
    <ChartContainer
      config={config}
      className={className}
      data-testid={testId}
      data-bars={bars.length}
      role="img"
      aria-label={t('reports.chartLabel')}
    >
      <BarChart data={[...bars]} accessibilityLayer>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="label" tickLine={false} axisLine={false} />
        <YAxis
          tickLine={false}
          axisLine={false}
          width={72}
          domain={axis.domain}
          ticks={axis.ticks}
          tickFormatter={(value: number) => format.number(value)}
        />
        <ReferenceLine y={0} stroke="currentColor" strokeOpacity={0.6} />
        <ChartTooltip content={<ChartTooltipContent />} />
        <ChartLegend content={<ChartLegendContent />} />
        <Bar dataKey="valueWonLose" fill="var(--color-valueWonLose)" radius={2}>
          {bars.map((bar) => (
            <Cell key={bar.label} fillOpacity={bar.valueWonLose < 0 ? 0.55 : 1} />
          ))}
        </Bar>
        <Bar dataKey="agentToCompany" fill="var(--color-agentToCompany)" radius={2} />
      </BarChart>
    </ChartContainer>
  );
}
