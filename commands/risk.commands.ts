import type { ScoreCheckRow } from '../contract/score-check.contract';
import { can } from './can';
import type { Command, CommandContext } from './command';

export const SCORE_CHECK_SCREEN = '/scoreCheck/index';
export const scoreCheckReads = ['gw.credit.score.check.query'] as const;
export const dealRecordPath = (userId: string) => `/dealRecord/index/${userId}`;

/**
 * Marks score operations of the review queue checked, after asking: an audit after the fact,
 * which moves no points (37151 when the same login checked moments ago).
 */
export async function markScoresChecked(context: CommandContext, rows: readonly Pick<ScoreCheckRow, 'serialNo'>[]): Promise<boolean> {
  if (rows.length === 0) return false;
  const ok = await context.confirm({
    title: context.t('scoreCheck.confirmTitle', { count: rows.length }),
    description: context.t('scoreCheck.confirmMessage', { serials: rows.map((row) => row.serialNo).join(', ') }),
    action: context.t('scoreCheck.mark'),
  });
  if (!ok) return false;
  try {
    const answer = await context.call('gw.credit.score.check.mark', { serialNos: rows.map((row) => row.serialNo) });
    context.report({ ok: true, message: context.t('scoreCheck.marked', { count: answer.checked }) });
    context.accountsChanged(scoreCheckReads);
    return true;
  } catch (error) {
    context.report({ ok: false, error });
    return false;
  }
}

const waiting = new Map<string, ScoreCheckRow>();

/** "Check a large score operation…": the oldest unchecked operations of the queue, then the confirmation. */
const checkScoreCommand: Command = {
  id: 'scoreCheck.mark',
  group: 'accounts',
  titleKey: 'command.checkScore',
  keywords: ['check', 'audit', 'review', 'large score', 'check and add score', '审核', '查核', '上下分', 'shenhe'],
  icon: 'list-checks',
  steps: [
    {
      placeholderKey: 'palette.chooseScoreCheck',
      async choices(context) {
        const { list } = await context.call('gw.credit.score.check.query', { state: 'unchecked', pageIndex: 1, pageSize: 50 });
        waiting.clear();
        return list.map((row) => {
          waiting.set(row.serialNo, row);
          return {
            id: row.serialNo,
            title: `${row.serialNo} · ${row.amount}`,
            detail: `${row.parentLoginId} → ${row.childLoginId} · ${context.t(`log.type.${row.type}`)}`,
            keywords: [row.parentLoginId, row.childLoginId, row.amount],
          };
        });
      },
    },
  ],
  when: (rights) => can(rights, 'gw.credit.score.check.mark'),
  run: async (context, [serialNo]) => {
    const row = serialNo ? waiting.get(serialNo) : undefined;
    if (row) await markScoresChecked(context, [row]);
    else context.navigate(SCORE_CHECK_SCREEN);
  },
};

/** "Deal record for…": an account of the line by the start of its name, or one's own. */
const dealRecordCommand: Command = {
  id: 'dealRecord.open',
  group: 'accounts',
  titleKey: 'command.dealRecord',
  keywords: ['deal record', 'statement', 'balance history', 'transactions', 'platform balance', '交易记录', '账变', '流水', 'jiaoyi'],
  icon: 'book-open',
  steps: [
    {
      placeholderKey: 'palette.chooseDealAccount',
      remote: true,
      async choices(context, _picked, query) {
        const keyword = query.trim();
        if (!keyword) return [];
        const { list } = await context.call('gw.credit.fuzzy.search.tips', { keyword, limit: 20 });
        return list.map((account) => ({
          id: account.userId,
          title: account.loginId,
          detail: context.t(`level.${account.level}`),
          keywords: [],
        }));
      },
    },
  ],
  onAccount: (account) => [{ picked: [account.userId], titleKey: 'route.dealRecord' }],
  when: (rights) => can(rights, 'gw.credit.deal.record.query'),
  run: async (context, [userId]) => {
    context.navigate(dealRecordPath(userId ?? context.rights.userId));
  },
};

export const riskCommands: Command[] = [checkScoreCommand, dealRecordCommand];
