import { ChevronRight, MoreHorizontal } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { isMemberLevel } from '@contract/account-levels.contract';
import { rowOffer, runAccountAction } from '@commands/account-actions.commands';
import { can } from '@commands/can';
import { AccountStatusBadge } from '@/components/account-status-badge';
import { AccountKindToggle, type AccountKind } from '@/features/accounts/account-kind-toggle';
import { AccountLockBadges } from '@/features/accounts/account-list-columns';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { SearchFilter } from '@/components/filters/search-filter';
import { useAccountPages, type AccountRow } from '@/hooks/use-account-pages';
import { useCommands } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { cn } from '@/lib/utils';
import { VirtualCards } from './mobile-kit';

/** /account/index/:parentId? on a phone: the downline as cards, a tap on an agent going one level down. */
export default function MobileAccountListScreen() {
  const { t } = useTranslation();
  const { parentId } = useParams<{ parentId?: string }>();
  const [, navigate] = useLocation();
  const [kind, setKind] = useState<AccountKind>('agents');
  const [keyword, setKeyword] = useState('');
  const [lockedOnly, setLockedOnly] = useState(false);
  const [acting, setActing] = useState<AccountRow | null>(null);

  const query = useMemo(
    () => ({ ...(parentId ? { parentId } : {}), ...(keyword ? { loginId: keyword } : {}), ...(lockedOnly ? { locked: true } : {}) }),
    [parentId, keyword, lockedOnly],
  );
  const [parentLevel, setParentLevel] = useState<number | undefined>(undefined);
  // Below a level-4 agent there are only members.
  const membersOnly = parentLevel !== undefined && isMemberLevel(parentLevel + 1);
  const shown = membersOnly ? 'members' : kind;
  const pages = useAccountPages(shown === 'members' ? 'gw.credit.user.query' : 'gw.credit.agent.query', query);
  const line = pages.line;
  useEffect(() => {
    if (line.length > 0) setParentLevel(line.at(-1)!.level);
  }, [line]);

  return (
    <section className="space-y-3" data-testid="mobile-account-list" data-shown={shown}>
      <h1 className="text-lg font-semibold">{t('route.accounts')}</h1>
      <nav aria-label={t('accounts.breadcrumb')} className="flex flex-wrap items-center gap-1 text-sm" data-testid="mobile-line">
        {line.map((step, index) => (
          <span key={step.userId} className="flex items-center gap-1">
            {index > 0 ? <ChevronRight className="size-3" aria-hidden /> : null}
            <Button
              variant={index === line.length - 1 ? 'secondary' : 'ghost'}
              size="sm"
              aria-current={index === line.length - 1 ? 'page' : undefined}
              onClick={() => navigate(index === 0 ? '/account/index' : `/account/index/${step.userId}`)}
              data-testid="mobile-line-step"
            >
              {step.loginId}
            </Button>
          </span>
        ))}
      </nav>
      <div className="flex items-center gap-2">
        <AccountKindToggle shown={shown} membersOnly={membersOnly} onChange={setKind} />
        <SearchFilter
          label={t('accounts.searchPlaceholder')}
          labelHidden
          placeholder={t('accounts.searchPlaceholder')}
          value={keyword}
          onChange={setKeyword}
          debounceMs={250}
          maxLength={16}
          className="w-auto flex-1"
          data-testid="mobile-account-search"
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={lockedOnly}
          onChange={(event) => setLockedOnly(event.target.checked)}
          data-testid="mobile-lock-filter"
        />
        {t('accounts.lockedOnly')}
      </label>
      <p className="text-sm text-muted-foreground" role="status" data-testid="mobile-account-total">
        {pages.loading && pages.rows.length === 0 ? t('app.loading') : t('accounts.total', { count: pages.total })}
      </p>
      {!pages.loading && pages.rows.length === 0 ? <p className="text-muted-foreground">{t('accounts.empty')}</p> : null}
      <VirtualCards
        rows={pages.rows}
        total={pages.total}
        loading={pages.loading}
        loadMore={pages.loadMore}
        rowKey={(row) => row.userId}
        estimate={124}
        testId="mobile-account-cards"
      >
        {(row) => <AccountCard row={row} onActions={() => setActing(row)} onOpen={() => navigate(`/account/index/${row.userId}`)} />}
      </VirtualCards>
      <ActionSheet row={acting} onClose={() => setActing(null)} />
    </section>
  );
}

export function AccountCard({ row, onActions, onOpen }: { row: AccountRow; onActions(): void; onOpen(): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const agent = !isMemberLevel(row.level);
  return (
    <article
      className="grid gap-2 rounded-lg border bg-card p-3 text-card-foreground"
      data-testid="mobile-account-card"
      data-login-id={row.loginId}
      data-status={row.status}
    >
      <div className="flex items-center gap-2">
        <span className={cn('size-2 rounded-full', row.online ? 'bg-emerald-500' : 'bg-muted-foreground/40')} aria-hidden />
        <h2 className="min-w-0 flex-1 truncate font-semibold">{row.loginId}</h2>
        <AccountStatusBadge status={row.status} />
      </div>
      <AccountLockBadges row={row} t={t} />
      <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
        <span>{t(`level.${row.level}`)}</span>
        <span>{row.nickname}</span>
        <span>{t(row.online ? 'accounts.online' : 'accounts.offline')}</span>
      </p>
      <div className="flex items-center gap-2">
        <span className="flex-1 font-mono text-base tabular-nums" data-testid="mobile-account-balance">
          {format.amount(row.balance)}
        </span>
        <Button
          variant="outline"
          size="sm"
          onClick={onActions}
          aria-label={t('action.menuFor', { loginId: row.loginId })}
          data-testid="mobile-account-actions"
        >
          <MoreHorizontal aria-hidden />
          {t('action.menu')}
        </Button>
        {agent ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={onOpen}
            aria-label={t('accounts.openLine', { loginId: row.loginId })}
            data-testid="mobile-account-open"
          >
            <ChevronRight aria-hidden />
          </Button>
        ) : null}
      </div>
    </article>
  );
}

/** What the status machine and the rights allow on one account, as a sheet of big buttons (the desktop's row menu). */
function ActionSheet({ row, onClose }: { row: AccountRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const commands = useCommands();
  const offer = row ? rowOffer(row, commands.rights) : { actions: [], reason: null };
  return (
    <Sheet open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="bottom" closeLabel={t('palette.close')} data-testid="mobile-action-sheet">
        <SheetHeader>
          <SheetTitle>{row?.loginId}</SheetTitle>
          <SheetDescription>{row ? t(`level.${row.level}`) : null}</SheetDescription>
        </SheetHeader>
        <div className="grid gap-2 px-4 pb-6">
          {offer.reason ? (
            <p className="text-sm text-muted-foreground" data-testid="no-action" data-reason={offer.reason}>
              {t('action.noneBecause', { reason: t(`why.${offer.reason}`) })}
            </p>
          ) : null}
          {row && can(commands.rights, 'gw.credit.score.log.query') ? (
            <Button
              variant="outline"
              className="justify-start"
              onClick={() => {
                onClose();
                commands.navigate(`/pointRecord/index?${new URLSearchParams({ account: row.userId, name: row.loginId })}`);
              }}
              data-testid="mobile-account-log"
            >
              {t('route.pointRecord')}
            </Button>
          ) : null}
          {offer.actions.map((action) => (
            <Button
              key={action.id}
              variant="outline"
              className="justify-start"
              data-action-id={action.id}
              onClick={() => {
                onClose();
                if (row) void runAccountAction(commands, row, action);
              }}
            >
              {t(action.titleKey)}
            </Button>
          ))}
        </div>
      </SheetContent>
    </Sheet>
  );
}
