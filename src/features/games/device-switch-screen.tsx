import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { can } from '@commands/can';
import { useCall } from '@/api/queries';
import { AccountNotFound } from '@/components/account-not-found';
import { AccountStatusBadge } from '@/components/account-status-badge';
import { useCommands } from '@/hooks/use-command-context';
import { DeviceSwitches } from '@/components/device-switches';

/** /deviceSwitch/index/:userId: the terminal types a member directly below the agent may play from. */
export default function DeviceSwitchScreen() {
  const { t } = useTranslation();
  const { userId = '' } = useParams<{ userId: string }>();
  const commands = useCommands();
  const { data: member, isError } = useCall('gw.credit.user.profile', { userId });
  const back = { href: '/account/index', label: t('route.accounts') };

  if (isError && !member) return <AccountNotFound testId="device-switch-screen" title={t('route.deviceSwitch')} back={back} />;
  if (!member) return <p role="status">{t('app.loading')}</p>;

  return (
    <section className="max-w-2xl space-y-6" data-testid="device-switch-screen">
      <div className="flex flex-wrap items-center gap-3">
        <Link href={back.href} className="text-muted-foreground hover:text-foreground" aria-label={t('edit.back')}>
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <h1 className="text-xl font-semibold">
          {t('route.deviceSwitch')}: <span data-testid="device-login-id">{member.loginId}</span>
        </h1>
        <AccountStatusBadge status={member.status} quiet />
      </div>
      <DeviceSwitches member={member} editable={can(commands.rights, 'gw.credit.user.device.switch.set', member)} />
    </section>
  );
}
