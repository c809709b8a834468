import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMemberLevel } from '../../../contract/account-fields.contract';
import type { ResultOf } from '../../../contract/methods.contract';
import { accountStateOf } from '../../../machines/account-status.machine';
import { call } from '@/api/gateway-client';
import { onAccountsChanged } from '@/lib/confirm';
import { useFormat } from '@/hooks/use-format';

type Stats = ResultOf<'gw.credit.agent.statistics.query'>;

/** Counts of the whole downline below the listed parent (agent.statistics.query). */
export function DownlineStats({ parentId }: { parentId: string | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [stats, setStats] = useState<Stats | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      call('gw.credit.agent.statistics.query', parentId ? { parentId } : {}).then(
        (next) => live && setStats(next),
        () => live && setStats(null),
      );
    void load();
    const unsubscribe = onAccountsChanged(() => void load());
    return () => {
      live = false;
      unsubscribe();
    };
  }, [parentId]);
  if (!stats) return null;
  const count = (state: 'disabled' | 'frozen') =>
    stats.byStatus
      .filter((group) => accountStateOf({ status: group.status, teamStatus: group.status }).account === state)
      .reduce((sum, group) => sum + group.count, 0);
  const members = stats.byLevel.filter((group) => isMemberLevel(group.level)).reduce((sum, group) => sum + group.count, 0);
  const items: [string, string][] = [
    [t('stats.downline'), format.number(stats.total)],
    [t('stats.agents'), format.number(stats.total - members)],
    [t('stats.members'), format.number(members)],
    [t('accounts.online'), format.number(stats.online)],
    [t('status.disabled'), format.number(count('disabled'))],
    [t('status.frozen'), format.number(count('frozen'))],
    [t('flag.monitored'), format.number(stats.exceptionMarked)],
    [t('stats.balance'), format.amount(stats.balance)],
  ];
  return (
    <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm" data-testid="downline-stats" aria-label={t('stats.title')}>
      {items.map(([label, value]) => (
        <div key={label} className="flex gap-1">
          <dt className="text-muted-foreground">{label}:</dt>
          <dd className="font-mono tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
