import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '../../../contract/methods.contract';
import { call } from '@/api/gateway-client';
import { Input } from '@/components/ui/input';
import { useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';

type Row = ResultOf<'gw.credit.agent.query'>['list'][number];

/** A search over the caller's direct children (the only accounts points move to or from). */
export function DirectChildPicker({ onPick }: { onPick(row: Row): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rights = useRights();
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      const loginId = query.trim();
      call(rights.level === 4 ? 'gw.credit.user.query' : 'gw.credit.agent.query', { ...(loginId ? { loginId } : {}), pageSize: 20, sort: 'loginId', order: 'asc' }).then(
        (page) => live && setRows(page.list),
        () => live && setRows([]),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, rights.level]);
  return (
    <div className="max-w-md space-y-2" data-testid="child-picker">
      <Input value={query} onChange={(event) => setQuery(event.target.value)} placeholder={t('palette.chooseAccount')} aria-label={t('palette.chooseAccount')} maxLength={16} autoFocus />
      <ul className="divide-y rounded-md border bg-card" aria-label={t('score.children')}>
        {rows.length === 0 ? <li className="p-3 text-sm text-muted-foreground">{t('accounts.empty')}</li> : null}
        {rows.map((row) => (
          <li key={row.userId}>
            <button type="button" className="flex w-full items-center justify-between gap-2 p-3 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none" onClick={() => onPick(row)} data-login-id={row.loginId}>
              <span className="font-medium">{row.loginId}</span>
              <span className="text-muted-foreground">{row.nickname}</span>
              <span className="ml-auto font-mono tabular-nums">{format.amount(row.balance)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
