import { Bell, ChartColumn, Command as CommandIcon, Menu, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { pathAllowed } from '@commands/screens';
import { useRights } from '@/hooks/use-command-context';
import { cn } from '@/lib/utils';

const tabs: { path: string; titleKey: string; icon: LucideIcon; testId: string }[] = [
  { path: '/notice', titleKey: 'mobile.tab.notice', icon: Bell, testId: 'tab-notice' },
  { path: '/account/index', titleKey: 'mobile.tab.accounts', icon: Users, testId: 'tab-accounts' },
  { path: '/winningReport/index', titleKey: 'mobile.tab.reports', icon: ChartColumn, testId: 'tab-reports' },
];

const active = (location: string, path: string) => location === path || location.startsWith(`${path}/`);
const item = 'flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs';

/** The phone's main screens, a thumb away; the commands and the rest (figures, language, theme, logout) at the end. */
export function MobileBottomBar({ onOpenCommands, onOpenMore }: { onOpenCommands(): void; onOpenMore(): void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const rights = useRights();
  return (
    <nav
      className="fixed inset-x-0 bottom-0 z-30 flex border-t bg-header pb-[env(safe-area-inset-bottom)] text-header-foreground"
      aria-label={t('mobile.navigation')}
      data-testid="bottom-bar"
    >
      {tabs
        .filter((tab) => pathAllowed(tab.path, rights))
        .map(({ path, titleKey, icon: Icon, testId }) => (
          <Link
            key={path}
            href={path}
            className={cn(item, active(location, path) && 'bg-header-foreground/15 font-semibold underline underline-offset-4')}
            aria-current={active(location, path) ? 'page' : undefined}
            data-testid={testId}
          >
            <Icon className="size-5" aria-hidden />
            {t(titleKey)}
          </Link>
        ))}
      <button type="button" className={item} onClick={onOpenCommands} data-testid="tab-commands">
        <CommandIcon className="size-5" aria-hidden />
        {t('mobile.commands')}
      </button>
      <button type="button" className={item} onClick={onOpenMore} data-testid="tab-more">
        <Menu className="size-5" aria-hidden />
        {t('mobile.more')}
      </button>
    </nav>
  );
}
