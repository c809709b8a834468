import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import type { TrailStep } from './report-trail';

/** Where a drilled-down report is: the caller's own line, then each account opened; each goes back there. */
export function ReportBreadcrumb({ trail, onGo }: { trail: readonly TrailStep[]; onGo(steps: readonly TrailStep[]): void }) {
  const { t } = useTranslation();
  const crumb = (label: string, steps: readonly TrailStep[], current: boolean) => (
    <button
      type="button"
      className={cn('underline-offset-4 hover:underline', current && 'font-semibold')}
      onClick={() => onGo(steps)}
      aria-current={current ? 'page' : undefined}
      data-testid="report-crumb"
    >
      {label}
    </button>
  );
  return (
    <nav aria-label={t('reports.breadcrumb')} data-testid="report-breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        <li>{crumb(t('reports.myLine'), [], trail.length === 0)}</li>
        {trail.map((step, index) => (
          <li key={step.userId} className="flex items-center gap-1">
            <span aria-hidden>/</span>
            {crumb(step.loginId, trail.slice(0, index + 1), index === trail.length - 1)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
