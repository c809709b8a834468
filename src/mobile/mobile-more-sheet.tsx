import { KeyRound, LogOut, Monitor, RefreshCw, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { languages, themes } from '@commands/preferences.commands';
import { pathAllowed } from '@commands/screens';
import { AccountStatusBadge } from '@/components/account-status-badge';
import { SelectFilter } from '@/components/filters/select-filter';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { useCommands, useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { useSignedInName } from '@/hooks/use-signed-in-name';
import { updatePreferences, usePreferences } from '@/lib/preferences';
import { SessionContext } from '@/lib/session-context';

/** The figures of the top bar (points, rates, level, status) and the phone's settings: language, theme, desktop, logout. */
export function MobileMoreSheet({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const commands = useCommands();
  const rights = useRights();
  const profile = SessionContext.useSelector((state) => state.context.profile);
  const signedInName = useSignedInName();
  const refreshing = SessionContext.useSelector((state) => state.matches({ open: { signedIn: 'refreshingProfile' } }));
  const { language, theme } = usePreferences();
  const figure = (label: string, value: string, testId: string) => (
    <div className="flex items-center justify-between gap-3 border-b py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="bottom" closeLabel={t('palette.close')} data-testid="more-sheet">
        <SheetHeader>
          <SheetTitle className="flex items-center gap-2" data-testid="more-sheet-name">
            {signedInName}
            {profile ? <AccountStatusBadge status={profile.status} quiet /> : null}
          </SheetTitle>
          <SheetDescription>{profile ? t(`level.${profile.level}`) : null}</SheetDescription>
        </SheetHeader>
        <div className="grid gap-4 px-4 pb-6">
          <dl data-testid="mobile-figures">
            {figure(t('profile.points'), format.amount(profile?.balance ?? '0.00'), 'figure-points')}
            {figure(t('profile.commission'), `${profile?.agentCommisionRate ?? 0}%`, 'figure-commission')}
            {figure(t('profile.washCode'), `${profile?.validAmountRate ?? 0}%`, 'figure-wash-code')}
          </dl>
          <Button variant="outline" onClick={commands.refreshPoints} disabled={refreshing} data-testid="refresh-points">
            <RefreshCw className={refreshing ? 'animate-spin' : ''} aria-hidden />
            {t('command.refreshPoints')}
          </Button>
          <SelectFilter
            data-testid="mobile-language"
            label={t('settings.language')}
            value={language}
            options={languages.map((item) => ({ value: item.id, label: item.name }))}
            required
            onChange={(next) => next && updatePreferences({ language: next })}
          />
          <SelectFilter
            data-testid="mobile-theme"
            label={t('settings.theme')}
            value={theme}
            options={themes.map((item) => ({ value: item.id, label: t(item.titleKey) }))}
            required
            onChange={(next) => next && updatePreferences({ theme: next })}
          />
          <Button
            variant="outline"
            onClick={() => {
              onOpenChange(false);
              commands.navigate('/changePass/index');
            }}
            data-testid="change-password"
          >
            <KeyRound aria-hidden />
            {t('route.changePassword')}
          </Button>
          {pathAllowed('/changeSafeCode/index', rights) ? (
            <Button
              variant="outline"
              onClick={() => {
                onOpenChange(false);
                commands.navigate('/changeSafeCode/index');
              }}
              data-testid="change-safe-code"
            >
              <ShieldCheck aria-hidden />
              {t('route.changeSafeCode')}
            </Button>
          ) : null}
          <Button variant="outline" onClick={commands.switchView} data-testid="switch-to-desktop">
            <Monitor aria-hidden />
            {t('mobile.desktopVersion')}
          </Button>
          <Button
            variant="destructive"
            onClick={() => {
              onOpenChange(false);
              commands.requestLogout();
            }}
            data-testid="logout"
          >
            <LogOut aria-hidden />
            {t('command.logout')}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
