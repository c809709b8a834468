import { useTranslation } from 'react-i18next';
import { isMemberLevel } from '@contract/account-fields.contract';
import type { ResultOf } from '@contract/methods.contract';
import { accountStateOf } from '@machines/account-status.machine';
import { useCall } from '@/api/queries';
import { useFormat } from '@/hooks/use-format';

type Stats = ResultOf<'gw.credit.agent.statistics.query'>;

/** Counts of the whole downline below the listed parent (agent.statistics.query). */
export function DownlineStats({ parentId }: { parentId: string | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const stats: Stats | undefined = useCall('gw.credit.agent.statistics.query', parentId ? { parentId } : {}, { silent: true }).data;
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
