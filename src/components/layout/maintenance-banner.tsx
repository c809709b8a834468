import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SessionContext } from '@/lib/session-context';

/** While a window is on, the company (which it does not shut out) sees that agents are shut out, and until when. */
export function MaintenanceBanner() {
  const { t } = useTranslation();
  const maintenance = SessionContext.useSelector((state) => state.context.maintenance);
  if (maintenance?.flag !== 1) return null;
  return (
    <div role="status" className="flex items-center gap-2 bg-destructive px-4 py-1.5 text-sm text-white" data-testid="maintenance-banner">
      <Wrench className="size-4 shrink-0" aria-hidden />
      <span>{t('maintenance.banner', { end: maintenance.beijing.endTime ?? t('maintenance.untilLifted') })}</span>
      <Link href="/systemSetting/index?focus=maintenance" className="ms-auto underline">
        {t('maintenance.bannerAction')}
      </Link>
    </div>
  );
}
