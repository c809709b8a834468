import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SessionContext } from '@/lib/session-context';
import { StatusPage } from './status-page';

export function UnreachableScreen() {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  return (
    <StatusPage title={t('unreachable.title')} icon={<WifiOff aria-hidden />} testId="unreachable-screen">
      <p>{t('error.network')}</p>
      <Button className="mt-4" onClick={() => session.send({ type: 'RETRY' })}>
        {t('unreachable.retry')}
      </Button>
    </StatusPage>
  );
}
