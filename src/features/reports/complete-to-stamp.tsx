import { useTranslation } from 'react-i18next';
import { useFormat } from '@/hooks/use-format';

/**
 * How far a report's numbers are known complete: the cut-off of the site's last clean
 * reconciliation with the platform, in Beijing time, or that none is yet (undefined: no answer yet).
 */
export function CompleteToStamp({ completeTo }: { completeTo: string | null | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (completeTo === undefined) return null;
  return (
    <span className="text-sm text-muted-foreground" data-testid="report-complete-to" data-complete-to={completeTo ?? ''}>
      {completeTo === null ? t('reports.notReconciled') : t('reports.completeTo', { time: format.dateMinute(completeTo) })}
    </span>
  );
}
