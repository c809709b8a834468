import { Bell, KeyRound, LayoutDashboard, Megaphone, Search, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { menuCommands } from '../../../commands/registry';
import { useRights } from '@/hooks/use-command-context';
import { cn } from '@/lib/utils';

const icons: Record<string, LucideIcon> = { megaphone: Megaphone, 'key-round': KeyRound, bell: Bell, users: Users, search: Search };

/** Screens that belong to a menu entry: the entry stays highlighted on them (spec §2). */
const highlightParents: Record<string, string> = {
  '/add/index': '/account/index',
  '/editAccount/index': '/account/index',
  '/settingScore/index': '/account/index',
  '/stopList/index': '/account/index',
};

export function AppSidebar({ open, title, logo, showLogo }: { open: boolean; title: string; logo: string; showLogo: boolean }) {
  const { t } = useTranslation();
  const rights = useRights();
  const [location] = useLocation();
  const screen = Object.keys(highlightParents).find((path) => location === path || location.startsWith(`${path}/`));
  const active = screen ? highlightParents[screen]! : location.startsWith('/account/index/') ? '/account/index' : location;
  return (
    <nav
      aria-label={t('layout.menu')}
      data-testid="sidebar"
      data-open={open}
      className={cn(
        'shrink-0 overflow-hidden border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200',
        open ? 'w-[210px]' : 'w-0 md:w-14',
      )}
    >
      {showLogo ? (
        <div className="flex h-14 items-center gap-2 px-4 font-semibold" data-testid="sidebar-logo">
          {logo ? (
            <img src={logo} alt="" className="size-6 shrink-0 rounded" />
          ) : (
            <LayoutDashboard className="size-5 shrink-0" aria-hidden />
          )}
          {open ? <span className="truncate">{title}</span> : null}
        </div>
      ) : null}
      <ul className="space-y-1 p-2">
        {menuCommands(rights).map((command) => {
          const Icon = icons[command.icon ?? ''] ?? LayoutDashboard;
          const current = active === command.path;
          return (
            <li key={command.id}>
              <Link
                href={command.path!}
                aria-current={current ? 'page' : undefined}
                title={open ? undefined : t(command.titleKey)}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
                  current && 'bg-sidebar-accent font-medium text-sidebar-accent-foreground',
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                <span className={cn('truncate', !open && 'sr-only')}>{t(command.titleKey)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
