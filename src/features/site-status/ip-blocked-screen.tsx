import { ShieldBan } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SessionContext } from '@/lib/session-context';
import { StatusPage } from './status-page';

export function IpBlockedScreen() {
  const { t } = useTranslation();
  const site = SessionContext.useSelector((state) => state.context.site);
  return (
    <StatusPage title={t('blocked.title')} icon={<ShieldBan aria-hidden />} testId="ip-blocked-screen">
      <p>{t('blocked.message')}</p>
      <dl className="mx-auto grid max-w-xs grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left text-foreground">
        <dt className="text-muted-foreground">{t('blocked.ip')}</dt>
        <dd data-testid="blocked-ip">{site?.fromIp || '—'}</dd>
        <dt className="text-muted-foreground">{t('blocked.region')}</dt>
        <dd data-testid="blocked-region">{site?.location || '—'}</dd>
      </dl>
    </StatusPage>
  );
}
