import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { rowActionsFor, runAccountAction } from '@commands/account-actions.commands';
import { can } from '@commands/can';
import { isMemberLevel } from '@contract/account-levels.contract';
import { useCall } from '@/api/queries';
import { AccountNotFound } from '@/components/account-not-found';
import { AccountStatusBadge } from '@/components/account-status-badge';
import { RecentSignIns } from '@/components/recent-sign-ins';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DeviceSwitches } from '@/components/device-switches';
import { useCommands } from '@/hooks/use-command-context';
import { SessionContext } from '@/lib/session-context';
import { EditProfileForm } from './edit-profile-form';
import { ResetPasswordForm } from './reset-password-form';

/** /editAccount/index/:userId: a direct child's profile, limits, rates and game settings; its password; its actions. */
export default function EditAccountScreen() {
  const { t } = useTranslation();
  const { userId = '' } = useParams<{ userId: string }>();
  const commands = useCommands();
  const me = SessionContext.useSelector((state) => state.context.profile);
  const { data: profile, isError, dataUpdatedAt } = useCall('gw.credit.user.profile', { userId });
  const allow = useCall('gw.credit.user.rate.modify.allow', { userId });
  const presets = useCall('gw.credit.limitation.list', {}, { silent: true, staleTime: Infinity });
  const areaCodes = useCall('gw.credit.user.area.code.get', {}, { silent: true, staleTime: Infinity });

  if ((isError && !profile) || (allow.isError && !allow.data)) {
    return (
      <AccountNotFound
        testId="edit-account-screen"
        title={t('route.editAccount')}
        back={{ href: '/account/index', label: t('route.accounts') }}
      />
    );
  }
  if (!profile || !allow.data) return <p role="status">{t('app.loading')}</p>;

  const actions = rowActionsFor(
    {
      level: profile.level,
      status: profile.status,
      teamStatus: profile.teamStatus,
      parentId: profile.parentId,
      betPaused: profile.betPaused,
      betStopped: profile.betStopped,
      exceptionMarked: profile.exceptionMarked,
      winBlocked: profile.winBlocked,
      online: profile.online,
      loginLocked: profile.loginLocked,
    },
    commands.rights,
  ).filter((action) => action.id !== 'account.edit' && action.id !== 'member.devices');
  return (
    <section className="max-w-5xl space-y-6" data-testid="edit-account-screen">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          href={profile.parentId && profile.parentId !== me?.userId ? `/account/index/${profile.parentId}` : '/account/index'}
          className="text-muted-foreground hover:text-foreground"
          aria-label={t('edit.back')}
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <h1 className="text-xl font-semibold">
          {t('route.editAccount')}: <span data-testid="edit-login-id">{profile.loginId}</span>
        </h1>
        <Badge variant="secondary">{t(`level.${profile.level}`)}</Badge>
        <AccountStatusBadge status={profile.status} quiet />
        {profile.exceptionMarked ? <Badge variant="warning">{t('flag.monitored')}</Badge> : null}
        {profile.betPaused || profile.betStopped ? <Badge variant="outline">{t('flag.betStopped')}</Badge> : null}
      </div>

      {actions.length > 0 ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('action.menuFor', { loginId: profile.loginId })}>
          {actions.map((action) => (
            <Button
              key={action.id}
              type="button"
              size="sm"
              variant="outline"
              data-action-id={action.id}
              onClick={() => void runAccountAction(commands, profile, action)}
            >
              {t(action.titleKey)}
            </Button>
          ))}
        </div>
      ) : null}

      <EditProfileForm
        key={dataUpdatedAt}
        profile={profile}
        rateLock={allow.data}
        presets={presets.data?.list ?? []}
        areaCodes={areaCodes.data?.list ?? []}
      />

      {isMemberLevel(profile.level) ? (
        <DeviceSwitches member={profile} editable={can(commands.rights, 'gw.credit.user.device.switch.set', profile)} />
      ) : null}

      <ResetPasswordForm userId={userId} loginId={profile.loginId} />
      {can(commands.rights, 'gw.credit.login.log.query') ? <RecentSignIns userId={userId} /> : null}
    </section>
  );
}
