import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ReferenceLine, XAxis, YAxis } from 'recharts';
import { ChartContainer, ChartTooltip, ChartTooltipContent, type ChartConfig } from '@/components/ui/chart';
import { valueAxis } from '@/components/chart/chart-axis';
import { useFormat } from '@/hooks/use-format';

export interface RankBar {
  loginId: string;
  value: number;
}

/** The ranked members as horizontal bars, the first on top. Loaded with import() by the leaderboard only. */
export default function LeaderboardChart({
  bars,
  label,
  className,
  height,
}: {
  bars: readonly RankBar[];
  label: string;
  className?: string;
  /** A CSS length: one bar per member, so the box grows with them. */
  height: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const config: ChartConfig = { value: { label, theme: { black: '#f2b517', red: '#b91c1c' } } };
  const axis = valueAxis(bars.map((bar) => bar.value));
  return (
    <ChartContainer
      config={config}
      className={className}
      style={{ height }}
      data-testid="leaderboard-chart"
      data-bars={bars.length}
      role="img"
      aria-label={t('leaderboard.chartLabel', { metric: label })}
    >
      <BarChart data={[...bars]} layout="vertical" accessibilityLayer margin={{ left: 8, right: 16 }}>
        <CartesianGrid horizontal={false} />
        <XAxis
          type="number"
          tickLine={false}
          axisLine={false}
          domain={axis.domain}
          ticks={axis.ticks}
          tickFormatter={(value: number) => format.number(value)}
        />
        <ReferenceLine x={0} stroke="currentColor" strokeOpacity={0.6} />
        <YAxis type="category" dataKey="loginId" width={112} tickLine={false} axisLine={false} interval={0} />
        <ChartTooltip content={<ChartTooltipContent />} />
        <Bar dataKey="value" fill="var(--color-value)" radius={2} />
      </BarChart>
    </ChartContainer>
  );
}
