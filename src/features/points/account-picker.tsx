import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directChildList, whyNot } from '../../../commands/can';
import type { ResultOf } from '../../../contract/methods.contract';
import { call } from '@/api/gateway-client';
import { Input } from '@/components/ui/input';
import { useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { cn } from '@/lib/utils';

type Row = ResultOf<'gw.credit.agent.query'>['list'][number];

export function DirectChildPicker({ onPick }: { onPick(row: Row): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rights = useRights();
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const list = directChildList(rights);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      const loginId = query.trim();
      call(list, { ...(loginId ? { loginId } : {}), pageSize: 20, sort: 'loginId', order: 'asc' }).then(
        (page) => live && setRows(page.list),
        () => live && setRows([]),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, list]);
  return (
    <div className="max-w-md space-y-2" data-testid="child-picker">
      <Input
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('palette.chooseAccount')}
        aria-label={t('palette.chooseAccount')}
        maxLength={16}
        autoFocus
      />
      <ul className="divide-y rounded-md border bg-card" aria-label={t('score.children')}>
        {rows.length === 0 ? <li className="p-3 text-sm text-muted-foreground">{t('accounts.empty')}</li> : null}
        {rows.map((row) => {
          const refusal = whyNot(rights, 'gw.credit.user.score.up', row) && whyNot(rights, 'gw.credit.user.score.down', row);
          return (
            <li key={row.userId}>
              <button
                type="button"
                className={cn(
                  'flex w-full items-center justify-between gap-2 p-3 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
                  refusal && 'cursor-not-allowed opacity-60 hover:bg-transparent',
                )}
                onClick={() => onPick(row)}
                disabled={refusal !== null}
                data-login-id={row.loginId}
                data-reason={refusal ?? undefined}
              >
                <span className="font-medium">{row.loginId}</span>
                <span className="text-muted-foreground">{refusal ? t(`why.${refusal}`) : row.nickname}</span>
                <span className="ml-auto font-mono tabular-nums">{format.amount(row.balance)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
