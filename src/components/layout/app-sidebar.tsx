import { useEffect, useRef } from 'react';
import {
  ArrowLeftRight,
  ArrowUpDown,
  Bell,
  BookOpen,
  CalendarDays,
  ChartColumn,
  ChevronDown,
  Dices,
  Eye,
  Gauge,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  MessageSquare,
  Gamepad2,
  Megaphone,
  Network,
  Radio,
  Receipt,
  ReceiptText,
  ScrollText,
  Search,
  SearchCheck,
  Settings,
  ShieldCheck,
  Trophy,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { highlightedPath, menuGroupOfPath, menuScreensByGroup, type Screen } from '@commands/screens';
import { useCall } from '@/api/queries';
import { Sheet, SheetContent, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { useRights } from '@/hooks/use-command-context';
import { useMonitorCounts } from '@/hooks/use-monitor-counts';
import { collapsedMenuGroups, setMenuGroupCollapsed, useCollapsedMenuGroups } from '@/lib/collapsed-menu-groups';
import { cn } from '@/lib/utils';

const icons: Record<string, LucideIcon> = {
  megaphone: Megaphone,
  'key-round': KeyRound,
  'shield-check': ShieldCheck,
  bell: Bell,
  users: Users,
  'users-round': UsersRound,
  search: Search,
  'gamepad-2': Gamepad2,
  receipt: Receipt,
  'chart-column': ChartColumn,
  trophy: Trophy,
  'arrow-up-down': ArrowUpDown,
  'receipt-text': ReceiptText,
  radio: Radio,
  dices: Dices,
  'arrow-left-right': ArrowLeftRight,
  'scroll-text': ScrollText,
  'message-square': MessageSquare,
  settings: Settings,
  eye: Eye,
  gauge: Gauge,
  'search-check': SearchCheck,
  network: Network,
  'list-checks': ListChecks,
  'book-open': BookOpen,
  'calendar-days': CalendarDays,
};

/** The count beside a menu entry (new suggestions), read again every minute; nothing while it is 0. */
function MenuBadge({ method, labelled }: { method: NonNullable<Screen['badge']>; labelled: boolean }) {
  const { t } = useTranslation();
  const count = useCall(method, {}, { silent: true, refetchInterval: 60_000 }).data?.newCount ?? 0;
  if (count === 0) return null;
  return (
    <span
      className={cn(
        'ms-auto rounded-full bg-destructive px-1.5 text-xs leading-5 font-medium text-white tabular-nums',
        !labelled && 'absolute end-1 top-0.5 px-1 text-[10px] leading-4',
      )}
      aria-label={t('layout.newCount', { count })}
      data-testid="menu-badge"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The red dot (docs/product.md#routes-and-menu): the watched members' unseen events (the monitor counts' userCount) are above 0, or the game platform needs a look (docs/operations.md#platform-health, `alert`). */
function MonitorDot({ labelled }: { labelled: boolean }) {
  const { t } = useTranslation();
  const monitor = useMonitorCounts();
  const count = monitor?.userCount ?? 0;
  const platformAlert = monitor?.platformAlert ?? false;
  if (count === 0 && !platformAlert) return null;
  const labels = [...(count > 0 ? [t('layout.newAlerts', { count })] : []), ...(platformAlert ? [t('layout.platformAlert')] : [])];
  return (
    <span
      className={cn('size-2 rounded-full bg-destructive', labelled ? 'ms-auto' : 'absolute end-1.5 top-1.5')}
      role="img"
      aria-label={labels.join('; ')}
      data-testid="menu-dot"
      data-count={count}
      data-platform-alert={platformAlert}
    />
  );
}

function MenuEntry({
  screen,
  current,
  labelled,
  onChoose,
}: {
  screen: Screen;
  current: boolean;
  labelled: boolean;
  onChoose?: () => void;
}) {
  const { t } = useTranslation();
  const Icon = icons[screen.icon] ?? LayoutDashboard;
  const label = t(screen.labelKey);
  return (
    <li>
      <Link
        href={screen.path}
        data-screen-id={screen.id}
        aria-current={current ? 'page' : undefined}
        title={label}
        onClick={onChoose}
        className={cn(
          'relative flex items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
          current && 'bg-sidebar-accent font-medium text-sidebar-accent-foreground',
        )}
      >
        <Icon className="size-4 shrink-0" aria-hidden />
        <span className={cn('min-w-0 leading-snug break-words', !labelled && 'sr-only')}>{label}</span>
        {screen.badge ? <MenuBadge method={screen.badge} labelled={labelled} /> : null}
        {screen.alert ? <MonitorDot labelled={labelled} /> : null}
      </Link>
    </li>
  );
}

/**
 * The menu's entries under their groups (commands/screens.ts). Labelled, each group folds under
 * its heading and the folded ones are remembered; the group of the screen shown opens. The icon
 * rail shows every entry, the groups parted by a line.
 */
function MenuItems({ labelled, onChoose }: { labelled: boolean; onChoose?: () => void }) {
  const { t } = useTranslation();
  const rights = useRights();
  const [location] = useLocation();
  const active = highlightedPath(location);
  const activeGroup = menuGroupOfPath(location);
  const collapsed = useCollapsedMenuGroups();
  // Opening a screen opens its group; folding the group afterwards is the user's to do.
  useEffect(() => {
    if (activeGroup && collapsedMenuGroups().includes(activeGroup)) setMenuGroupCollapsed(activeGroup, false);
  }, [location, activeGroup]);
  return (
    <div className="space-y-1 p-2" data-testid="menu-groups">
      {menuScreensByGroup(rights).map(({ group, screens }, index) => {
        const open = !labelled || !collapsed.includes(group);
        const listId = `menu-group-${group}-${labelled ? 'entries' : 'rail'}${onChoose ? '-sheet' : ''}`;
        return (
          <div key={group} data-menu-group={group}>
            {labelled ? (
              <button
                type="button"
                className="flex w-full items-center gap-2 rounded-md px-3 pt-2 pb-1 text-start text-xs font-medium text-sidebar-foreground/70 hover:text-sidebar-foreground"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => setMenuGroupCollapsed(group, open)}
                data-testid={`menu-group-${group}`}
              >
                <span className="min-w-0 flex-1 leading-snug break-words">{t(`layout.group.${group}`)}</span>
                <ChevronDown className={cn('size-3.5 shrink-0 transition-transform', !open && '-rotate-90')} aria-hidden />
              </button>
            ) : index > 0 ? (
              <hr className="mx-2 my-1 border-sidebar-border" />
            ) : null}
            <ul id={listId} className="space-y-1" hidden={!open}>
              {screens.map((screen) => (
                <MenuEntry
                  key={screen.id}
                  screen={screen}
                  current={active === screen.path}
                  labelled={labelled}
                  {...(onChoose ? { onChoose } : {})}
                />
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

/** The docked sidebar of wide screens: 210 px open, an icon rail closed. */
export function AppSidebar({ open, title, logo, showLogo }: { open: boolean; title: string; logo: string; showLogo: boolean }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('layout.menu')}
      data-testid="sidebar"
      data-open={open}
      className={cn(
        'shrink-0 overflow-hidden border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200',
        open ? 'w-[210px]' : 'w-14',
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
      <MenuItems labelled={open} />
    </nav>
  );
}

/**
 * The menu of narrow screens: a sheet over the page that closes on a choice, Escape or a click
 * outside. Focus goes to the chosen screen, or back where it was before the menu opened.
 */
export function MenuSheet({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const returnTo = useRef<Element | null>(null);
  const chosen = useRef(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        closeLabel={t('palette.close')}
        aria-describedby={undefined}
        data-testid="menu-sheet"
        className="w-[210px] gap-0 border-sidebar-border bg-sidebar text-sidebar-foreground"
        onOpenAutoFocus={() => {
          returnTo.current = document.activeElement;
          chosen.current = false;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const target = chosen.current ? document.getElementById('main') : returnTo.current;
          if (target instanceof HTMLElement && target.isConnected) target.focus();
        }}
      >
        <SheetHeader className="min-h-14 justify-center">
          <SheetTitle className="truncate">{t('layout.menu')}</SheetTitle>
        </SheetHeader>
        <nav aria-label={t('layout.menu')}>
          <MenuItems
            labelled
            onChoose={() => {
              chosen.current = true;
              onOpenChange(false);
            }}
          />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
