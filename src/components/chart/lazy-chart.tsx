import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** Where a chart will be while its code loads: the same box, so nothing moves when it comes. */
export function ChartSkeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div data-slot="chart-skeleton" aria-busy="true" className={cn('aspect-video w-full', className)} {...props}>
      <Skeleton className="size-full" />
    </div>
  );
}

/**
 * A screen's chart, loaded with import() the first time it is drawn: the chart module (which
 * uses recharts through src/components/ui/chart.tsx) never joins the screen's own chunk.
 *
 *   const WinLossChart = lazyChart(() => import('./win-loss-chart'));
 *   <WinLossChart rows={rows} className="h-64" />
 */
export function lazyChart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Chart = lazy(load);
  function LazyChart(props: P & { className?: string }) {
    return (
      <Suspense fallback={<ChartSkeleton className={props.className} />}>
        <Chart {...props} />
      </Suspense>
    );
  }
  return LazyChart;
}
