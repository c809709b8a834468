import type { ResultOf } from '../contract/methods.contract';
import { rangePresets } from '../contract/range-presets.contract';
import { can } from './can';
import { withCurrency, type Command, type CommandContext, type CommandStep } from './command';
import { closePreviewLines, runPreviewed } from './money-preview';

/** Accounts the last palette page listed, so the run knows the one picked (its name and level for the breadcrumb). */
const listed = new Map<string, { loginId: string; level: number }>();
const MY_LINE = 'self';

/**
 * The first page of a report command: the caller's own line, then the accounts of the line whose
 * name starts with what is typed: agents (those below `maxLevel`), or any account with `members`.
 */
function accountStep(placeholderKey: string, options: { members?: boolean; maxLevel?: number } = {}): CommandStep {
  return {
    placeholderKey,
    remote: true,
    async choices(context, _picked, query) {
      const mine = { id: MY_LINE, titleKey: 'reports.myLine', keywords: [] };
      const method = options.members ? 'gw.credit.fuzzy.search.tips' : 'gw.credit.fuzzy.agent.search.tips';
      const keyword = query.trim();
      if (!keyword || !can(context.rights, method)) return [mine];
      const { list } = await context.call(method, { keyword, limit: 20 });
      return [
        mine,
        ...list
          .filter((account) => account.userId !== context.rights.userId && account.level <= (options.maxLevel ?? 5))
          .map((account) => {
            listed.set(account.userId, { loginId: account.loginId, level: account.level });
            return { id: account.userId, title: account.loginId, detail: context.t(`level.${account.level}`), keywords: [] };
          }),
      ];
    },
  };
}

/** The report of an account the palette found by name, for the accounts `accountStep` would list. */
function reportOnAccount(titleKey: string, options: { members?: boolean; maxLevel?: number } = {}): Command['onAccount'] {
  return (account, rights) => {
    const fits = account.userId !== rights.userId && account.level <= (options.maxLevel ?? (options.members ? 5 : 4));
    if (!fits) return [];
    listed.set(account.userId, { loginId: account.loginId, level: account.level });
    return [{ picked: [account.userId], titleKey }];
  };
}

const rangeStep: CommandStep = {
  placeholderKey: 'palette.chooseRange',
  choices: () => rangePresets.map((preset) => ({ id: preset, titleKey: `filter.preset.${preset}`, keywords: [preset] })),
};

/** The screen's address for the account picked (as `key`, "id~login~level") and the preset picked. */
function reportPath(path: string, key: 'trail' | 'account', account: string | undefined, preset?: string): string {
  const query = new URLSearchParams();
  const picked = account && account !== MY_LINE ? listed.get(account) : undefined;
  if (picked) query.set(key, `${account}~${picked.loginId}~${picked.level}`);
  // The screen turns the preset into days when it opens (today is the browser's now in Beijing).
  if (preset && (rangePresets as readonly string[]).includes(preset)) query.set('preset', preset);
  const search = query.toString();
  return `${path}${search ? `?${search}` : ''}`;
}

/**
 * "Win/loss report for…": an agent of the caller's line (or the caller's own line), then a range;
 * it opens /winningReport/index there.
 */
const winLossReportFor: Command = {
  id: 'reports.winLossFor',
  // Not a plain screen link (those are the navigation group's): it asks whose report and when.
  group: 'accounts',
  titleKey: 'command.winLossFor',
  keywords: ['win/loss', 'report', 'profit', 'result', '输赢', '报表', 'shuying'],
  icon: 'chart-column',
  steps: [accountStep('palette.chooseReportAccount'), rangeStep],
  onAccount: reportOnAccount('route.winningReport'),
  when: (rights) => can(rights, 'gw.credit.agent.list.total.report') || can(rights, 'gw.credit.player.list.total.report'),
  run: (context, [account, preset]) => context.navigate(reportPath('/winningReport/index', 'trail', account, preset)),
};

/** "Daily report for…": any account of the caller's line (a member too) or the caller's own line, then a range. */
const dailyReportFor: Command = {
  id: 'reports.dailyFor',
  group: 'accounts',
  titleKey: 'command.dailyReportFor',
  keywords: ['daily', 'day by day', 'report', 'per day', '日报', '每日', '报表', 'ribao'],
  icon: 'calendar-days',
  steps: [accountStep('palette.chooseDailyAccount', { members: true }), rangeStep],
  onAccount: reportOnAccount('route.dailyReport', { members: true }),
  when: (rights) => can(rights, 'gw.credit.agent.daily.report'),
  run: (context, [account, preset]) => context.navigate(reportPath('/dailyReport/index', 'account', account, preset)),
};

/** "Trading report for…": an agent of the line (or the caller's own line), then a range. */
const tradingReportFor: Command = {
  id: 'reports.tradingFor',
  group: 'accounts',
  titleKey: 'command.tradingReportFor',
  keywords: ['trading', 'score ups', 'transfers', 'report', '交易报表', '上下分', 'jiaoyi'],
  icon: 'arrow-up-down',
  steps: [accountStep('palette.chooseReportAccount', { maxLevel: 4 }), rangeStep],
  onAccount: reportOnAccount('route.tradingReport', { maxLevel: 4 }),
  when: (rights) => can(rights, 'gw.credit.trading.report'),
  run: (context, [account, preset]) => context.navigate(reportPath('/tradingReport/index', 'trail', account, preset)),
};

/** "Bill of…": an agent with agents below it (levels 1-3), or the caller's own line: their settlement periods. */
const billOf: Command = {
  id: 'reports.billOf',
  group: 'accounts',
  titleKey: 'command.billOf',
  keywords: ['bill', 'settlement', 'periods', 'hand up', '账单', '结算', 'zhangdan'],
  icon: 'receipt-text',
  steps: [accountStep('palette.chooseBillAccount', { maxLevel: 3 })],
  when: (rights) => can(rights, 'gw.credit.bill.query'),
  run: (context, [account]) => context.navigate(reportPath('/bill/index', 'trail', account)),
};

/**
 * Closes a direct child agent's open settlement period (the bill) at the start of today, on the
 * gateway's preview: the confirmation shows the period and what it freezes (Enter confirms), and
 * the close carries the preview's token, so it freezes only what was shown (a stale preview is
 * shown fresh to confirm again). What the period keeps is final.
 */
export async function closeBillPeriod(context: CommandContext, agent: { userId: string; loginId: string }): Promise<void> {
  let closed: ResultOf<'gw.credit.agent.to.company.acc.reset'> | undefined;
  const applied = await runPreviewed(context, {
    preview: () => context.call('gw.credit.agent.to.company.acc.reset.preview', { userId: agent.userId }),
    title: context.t('bill.confirmClose', { account: agent.loginId }),
    action: context.t('bill.close'),
    staleText: context.t('bill.previewStale'),
    lines: (preview) => [context.t('bill.confirmCloseMessage'), ...closePreviewLines(preview, context)],
    apply: async (previewToken, requestKey) => {
      closed = await context.call('gw.credit.agent.to.company.acc.reset', { userId: agent.userId, previewToken, requestKey });
    },
  });
  if (!applied || !closed) return;
  context.report({
    ok: true,
    message: withCurrency(context.t('bill.closed', { account: agent.loginId, amount: closed.agentToCompany }), context.currency),
  });
  context.accountsChanged(['gw.credit.bill.query']);
}

const billAgents = new Map<string, { loginId: string }>();

/** "Close a settlement period…": one of the agents directly below, then the question. */
const closePeriod: Command = {
  id: 'reports.closePeriod',
  group: 'accounts',
  titleKey: 'command.closePeriod',
  keywords: ['bill', 'settlement', 'close period', 'reset', '账单', '结算', '清零'],
  icon: 'receipt',
  steps: [
    {
      placeholderKey: 'palette.chooseBillAgent',
      async choices(context) {
        const { list } = await context.call('gw.credit.bill.query', {});
        // An agent whose period was closed today has nothing to close until tomorrow.
        return list
          .filter((row) => !row.open.closedToday)
          .map((row) => {
            billAgents.set(row.userId, { loginId: row.loginId });
            return { id: row.userId, title: row.loginId, detail: context.t(`level.${row.level}`), keywords: [] };
          });
      },
    },
  ],
  when: (rights) => can(rights, 'gw.credit.agent.to.company.acc.reset') && can(rights, 'gw.credit.bill.query'),
  run: async (context, [userId]) => {
    const agent = userId ? billAgents.get(userId) : undefined;
    if (agent) await closeBillPeriod(context, { userId: userId!, loginId: agent.loginId });
  },
};

export const reportCommands: Command[] = [winLossReportFor, dailyReportFor, tradingReportFor, billOf, closePeriod];
