import { centsOrZero, formatCents, parseCents } from '../contract/amount.contract';
import type { ScorePreview } from '../contract/points.contract';
import { newRequestKey } from '../machines/request-key';
import { fieldErrorsOf } from '../machines/score-transfer.machine';
import { can, type CanTarget } from './can';
import { withCurrency, type Command, type CommandContext, type Rights } from './command';
import { directChildStep, type DirectChild as AccountRow } from './found-accounts';
import { stalePreviewOf } from './money-preview';
import { scorePreviewLines } from './score-preview';

const mayScore = (rights: Rights) => can(rights, 'gw.credit.user.score.up') || can(rights, 'gw.credit.user.score.down');
const found = new Map<string, AccountRow>();
/** The amount step's choice when the amount cannot succeed: it shows why and runs nothing. */
const REFUSED = 'refused';

/** Whether points may move to or from this account now, one way or the other. */
export const mayScoreOn = (rights: Rights, row: CanTarget) =>
  can(rights, 'gw.credit.user.score.up', row) || can(rights, 'gw.credit.user.score.down', row);

/** The balances a score up or down checks: the giver's (when known), the member's and its point limit. */
const balancesOf = (context: CommandContext, row: AccountRow) => ({
  ...(context.ownBalance === undefined ? {} : { operator: context.ownBalance }),
  target: row.balance,
  targetPointLimit: row.pointLimit,
});

/** The most a score up or down may move now: what the giver holds, and for an up what the member's point limit leaves. */
function mostOf(context: CommandContext, row: AccountRow, direction: 'up' | 'down'): string {
  if (direction === 'down') return row.balance;
  const room = centsOrZero(row.pointLimit) - centsOrZero(row.balance);
  const own = context.ownBalance === undefined ? room : centsOrZero(context.ownBalance);
  const most = own < room ? own : room;
  return formatCents(most > 0n ? most : 0n);
}

/**
 * Runs a score up or down asked from the palette: the gateway's preview confirmed (Enter), then
 * the action with its token and one request key; when what the preview showed changed, the fresh
 * preview is confirmed again the same way. Then report and refresh.
 */
async function scoreFromPalette(context: CommandContext, row: AccountRow, direction: 'up' | 'down', amount: string) {
  const action = context.t(direction === 'up' ? 'score.up' : 'score.down');
  const method = direction === 'up' ? 'gw.credit.user.score.up' : 'gw.credit.user.score.down';
  const requestKey = newRequestKey();
  try {
    let preview: ScorePreview | null = await context.call('gw.credit.user.score.preview', { direction, userId: row.userId, amount });
    let stale = false;
    while (preview) {
      const lines = scorePreviewLines(preview, context);
      const ok = await context.confirm({
        title: context.t('score.confirmTitle', { action, amount, loginId: row.loginId }),
        description: withCurrency([...(stale ? [context.t('score.previewStale')] : []), ...lines].join('\n'), context.currency),
        action,
      });
      if (!ok) return;
      const params = { userId: row.userId, amount, requestKey, previewToken: preview.token };
      try {
        const result = await context.call(method, params);
        context.report({
          ok: true,
          message: withCurrency(
            context.t('score.doneShort', {
              action,
              amount: result.amount,
              loginId: row.loginId,
              before: result.before,
              after: result.after,
            }),
            context.currency,
          ),
        });
        context.refreshPoints();
        context.accountsChanged();
        return;
      } catch (error) {
        preview = stalePreviewOf<ScorePreview>(error);
        stale = true;
        if (!preview) throw error;
      }
    }
  } catch (error) {
    context.report({ ok: false, error });
  }
}

/** "Set score…": the account (a direct child), up or down, then the amount typed on the last page. */
export const pointsCommands: Command[] = [
  {
    id: 'points.setScore',
    group: 'accounts',
    titleKey: 'command.setScore',
    keywords: ['score', 'points', 'up', 'down', 'credit', 'transfer', '上分', '下分', '上下分'],
    shortcut: 'alt+s',
    icon: 'coins',
    steps: [
      // Only accounts whose status lets points move (a frozen one would be refused at the end).
      directChildStep({
        found,
        keep: (row, rights) => mayScoreOn(rights, row),
        detail: (row, context) => withCurrency(context.formatAmount(row.balance), context.currency),
      }),
      {
        placeholderKey: 'palette.chooseDirection',
        choices: () => [
          { id: 'up', titleKey: 'score.up', keywords: ['up', '上分'] },
          { id: 'down', titleKey: 'score.down', keywords: ['down', '下分'] },
        ],
      },
      {
        placeholderKey: 'palette.typeAmount',
        hint: (context, [userId, direction]) => {
          const row = userId ? found.get(userId) : undefined;
          if (!row) return null;
          const way = direction === 'down' ? 'down' : 'up';
          const most = mostOf(context, row, way);
          // Not even a cent can move: the reason the gateway would give.
          const problem = fieldErrorsOf({ direction: way, amount: '0.01', comment: '' }, balancesOf(context, row)).amount;
          if (typeof problem === 'number') return context.t(String(problem), { ns: 'errors' });
          const balance = way === 'down' ? row.balance : context.ownBalance;
          return withCurrency(
            context.t(way === 'down' ? 'score.amountHintDown' : 'score.amountHintUp', {
              loginId: row.loginId,
              max: context.formatAmount(most),
              balance: balance === undefined ? '—' : context.formatAmount(balance),
            }),
            context.currency,
          );
        },
        // The typed amount is the only choice, once it is one (above 0, at most two decimals).
        choices: (context, [userId, direction], query) => {
          const cents = parseCents(query.trim());
          const row = userId ? found.get(userId) : undefined;
          if (cents === null || cents <= 0 || !row) return [];
          const problem = fieldErrorsOf(
            { direction: direction === 'down' ? 'down' : 'up', amount: query.trim(), comment: '' },
            balancesOf(context, row),
          ).amount;
          if (typeof problem === 'number')
            return [{ id: REFUSED, title: context.t(String(problem), { ns: 'errors' }), keywords: [query.trim()] }];
          const action = context.t(direction === 'down' ? 'score.down' : 'score.up');
          return [
            {
              id: query.trim(),
              title: context.t('score.choice', { action, amount: query.trim(), loginId: row.loginId }),
              detail: context.currency,
              keywords: [query.trim()],
            },
          ];
        },
      },
    ],
    when: mayScore,
    // The as-of view shows the past: nothing moves while it is on.
    available: (context) => !context.asOf?.(),
    run: async (context, [userId, direction, amount]) => {
      if (amount === REFUSED) return;
      const row = userId ? found.get(userId) : undefined;
      if (!row || !amount || (direction !== 'up' && direction !== 'down')) {
        context.navigate('/settingScore/index');
        return;
      }
      await scoreFromPalette(context, row, direction, amount);
    },
  },
];
