import { beijingInstant, beijingWallTime, isDateTime } from '../contract/beijing-time.contract';
import { can } from './can';
import type { Choice, Command } from './command';

/** The screens whose balances follow the as-of instant: the account list (and its line above) and the score log. */
export const asOfPaths = ['/account/index', '/pointRecord/index'] as const;
const OFF = 'off';

/** The methods that move points: what the as-of view disables (it shows the past, read-only). */
const movingMethods: readonly string[] = [
  'gw.credit.user.score.up',
  'gw.credit.user.score.down',
  'gw.credit.score.issue',
  'gw.credit.transfer.recall',
];
export const movesPoints = (method: string | { agents: string; members: string }) =>
  typeof method === 'string'
    ? movingMethods.includes(method)
    : movingMethods.includes(method.agents) || movingMethods.includes(method.members);

/** The instant (ISO) a typed Beijing wall time stands for, when it is one and not in the future. */
export function asOfInstant(text: string, now: number = Date.now()): string | null {
  const wall = text.trim().replace('T', ' ');
  if (!isDateTime(wall)) return null;
  const at = beijingInstant(wall);
  return at <= now ? new Date(at).toISOString() : null;
}

/**
 * "As of…" (docs/product.md#balances-as-of): the balances of the account list and the score log
 * shown at a past moment, typed as a Beijing time on the next page; or back to now. It opens the
 * account list unless one of those screens is shown.
 */
export const asOfCommands: Command[] = [
  {
    id: 'view.asOf',
    group: 'screen',
    titleKey: 'asOf.command',
    keywords: ['as of', 'asof', 'history', 'balance', 'past', 'snapshot', '历史余额', '截至', 'ณ เวลา', 'tại thời điểm', 'per tanggal'],
    icon: 'history',
    steps: [
      {
        placeholderKey: 'asOf.typeTime',
        hint: (context) => context.t('asOf.hint'),
        choices: (context, _picked, query): Choice[] => {
          const off: Choice[] = context.asOf?.() ? [{ id: OFF, titleKey: 'asOf.off', keywords: ['now', 'off', '现在'] }] : [];
          const at = asOfInstant(query);
          if (!at) return off;
          const time = beijingWallTime(Date.parse(at));
          return [{ id: at, title: context.t('asOf.choice', { time }), keywords: [query.trim()] }, ...off];
        },
      },
    ],
    when: (rights) => !rights.mustChangePassword && can(rights, 'gw.credit.balance.asof.page'),
    run: (context, [picked]) => {
      if (!picked) return;
      context.setAsOf?.(picked === OFF ? null : picked);
      if (!asOfPaths.some((path) => context.currentPath.startsWith(path))) context.navigate('/account/index');
    },
  },
];
