import { LogOut, PanelLeft, RefreshCw, Search, Settings, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SessionContext } from '@/lib/session-context';
import { AccountStatusBadge } from '@/components/account-status-badge';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';
import { useFormat } from '@/hooks/use-format';
import { useSignedInName } from '@/hooks/use-signed-in-name';
import { usePreferences } from '@/lib/preferences';
import { Clock } from './clock';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** A figure's label: whole below 1280 px, where the header may wrap; its short form (the whole one its tooltip) from 1280 px, where it keeps one line. */
function HeaderLabel({ full, short }: { full: string; short: string }) {
  return (
    <>
      <span className="xl:hidden">{full}</span>
      <abbr className="hidden no-underline xl:inline" title={full}>
        {short}
      </abbr>
    </>
  );
}

export function AppHeader({
  title,
  logo,
  menuOpen,
  onToggleMenu,
  onOpenPalette,
  onOpenSettings,
  onMobileVersion,
}: {
  title: string;
  logo: string;
  menuOpen: boolean;
  onToggleMenu(): void;
  onOpenPalette(): void;
  onOpenSettings(): void;
  /** Offered on a narrow screen, where the phone entry is the better fit. */
  onMobileVersion?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const session = SessionContext.useActorRef();
  const profile = SessionContext.useSelector((state) => state.context.profile);
  const signedInName = useSignedInName();
  const refreshing = SessionContext.useSelector((state) => state.matches({ open: { signedIn: 'refreshingProfile' } }));
  const { fixedHeader } = usePreferences();
  return (
    <header
      className={`z-20 flex min-h-14 flex-wrap items-center gap-x-4 gap-y-1 border-b bg-header px-3 py-2 text-header-foreground xl:flex-nowrap xl:gap-x-3 ${fixedHeader ? 'sticky top-0' : ''}`}
      data-testid="top-bar"
    >
      <Button variant="ghost" size="icon" aria-label={t('command.toggleSidebar')} aria-expanded={menuOpen} onClick={onToggleMenu}>
        <PanelLeft aria-hidden />
      </Button>
      <span className="flex shrink-0 items-center gap-2 font-semibold" data-testid="header-logo" title={title}>
        {logo ? <img src={logo} alt="" className="size-6 rounded" /> : null}
        <span className="hidden max-w-48 truncate lg:inline xl:hidden 2xl:inline">{title}</span>
      </span>
      <Clock />
      <div className="flex flex-1 flex-wrap items-center gap-x-4 gap-y-1 text-sm xl:min-w-0 xl:flex-nowrap xl:gap-x-3 xl:whitespace-nowrap">
        <span className="flex items-center gap-2 font-medium" data-testid="user-name">
          {signedInName}
          {profile ? <AccountStatusBadge status={profile.status} quiet /> : null}
        </span>
        <span data-testid="level-name">{profile ? t(`level.${profile.level}`) : null}</span>
        <span className="hidden min-w-0 truncate sm:inline" title={t('profile.commission')}>
          <HeaderLabel full={t('profile.commission')} short={t('profile.commissionShort')} />:{' '}
          <span data-testid="commission-rate">{profile?.agentCommisionRate ?? 0}%</span>
        </span>
        <span className="hidden min-w-0 truncate sm:inline" title={t('profile.washCode')}>
          <HeaderLabel full={t('profile.washCode')} short={t('profile.washCodeShort')} />:{' '}
          <span data-testid="wash-code-ratio">{profile?.validAmountRate ?? 0}%</span>
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => session.send({ type: 'PROFILE.REFRESH' })}
          aria-label={t('command.refreshPoints')}
          data-testid="points"
        >
          {t('profile.points')}: <span className="font-mono tabular-nums">{format.amount(profile?.balance ?? '0.00')}</span>
          <RefreshCw className={refreshing ? 'animate-spin' : ''} aria-hidden />
        </Button>
      </div>
      <Button variant="outline" size="sm" onClick={onOpenPalette} aria-label={t('palette.open')} data-testid="open-palette">
        <Search aria-hidden />
        <span className="hidden md:inline xl:hidden 2xl:inline">{t('palette.search')}</span>
        <Kbd className="hidden md:inline-flex">{isMac ? '⌘K' : 'Ctrl K'}</Kbd>
      </Button>
      {onMobileVersion ? (
        <Button variant="ghost" size="icon" onClick={onMobileVersion} aria-label={t('mobile.mobileVersion')} data-testid="switch-to-mobile">
          <Smartphone aria-hidden />
        </Button>
      ) : null}
      <Button variant="ghost" size="icon" onClick={onOpenSettings} aria-label={t('command.openSettings')}>
        <Settings aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => session.send({ type: 'LOGOUT.REQUEST' })}
        aria-label={t('command.logout')}
        data-testid="logout"
      >
        <LogOut aria-hidden />
      </Button>
    </header>
  );
}
