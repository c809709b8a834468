import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SessionContext } from '@/lib/session-context';
import { StatusPage } from './status-page';

export function MaintenanceScreen() {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  const maintenance = SessionContext.useSelector((state) => state.context.maintenance);
  return (
    <StatusPage title={t('maintenance.title')} icon={<Wrench aria-hidden />} testId="maintenance-screen">
      <p>{t('maintenance.message')}</p>
      <dl className="mx-auto grid max-w-xs grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left text-foreground">
        <dt className="text-muted-foreground">{t('maintenance.start')}</dt>
        <dd data-testid="maintenance-start">{maintenance?.beijing.startTime ?? '—'}</dd>
        <dt className="text-muted-foreground">{t('maintenance.end')}</dt>
        <dd data-testid="maintenance-end">{maintenance?.beijing.endTime ?? t('maintenance.untilLifted')}</dd>
      </dl>
      <p className="text-sm">{t('maintenance.beijingTime')}</p>
      <Button
        variant="link"
        size="sm"
        onClick={() => session.send({ type: 'MAINTENANCE.COMPANY_SIGN_IN' })}
        data-testid="maintenance-company-sign-in"
      >
        {t('maintenance.companySignIn')}
      </Button>
    </StatusPage>
  );
}
