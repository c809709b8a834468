import { rangePresets } from '../contract/range-presets.contract';
import { can } from './can';
import type { Command, CommandContext } from './command';

/** Agents the last palette page listed, so the run knows the one picked (its name and level for the breadcrumb). */
const listed = new Map<string, { loginId: string; level: number }>();
const MY_LINE = 'self';

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
  steps: [
    {
      placeholderKey: 'palette.chooseReportAccount',
      remote: true,
      async choices(context, _picked, query) {
        const mine = { id: MY_LINE, titleKey: 'reports.myLine', keywords: [] };
        const keyword = query.trim();
        if (!keyword || !can(context.rights, 'gw.credit.fuzzy.agent.search.tips')) return [mine];
        const { list } = await context.call('gw.credit.fuzzy.agent.search.tips', { keyword, limit: 20 });
        return [
          mine,
          ...list.map((agent) => {
            listed.set(agent.userId, { loginId: agent.loginId, level: agent.level });
            return { id: agent.userId, title: agent.loginId, detail: context.t(`level.${agent.level}`), keywords: [] };
          }),
        ];
      },
    },
    {
      placeholderKey: 'palette.chooseRange',
      choices: () => rangePresets.map((preset) => ({ id: preset, titleKey: `filter.preset.${preset}`, keywords: [preset] })),
    },
  ],
  when: (rights) => can(rights, 'gw.credit.agent.list.total.report') || can(rights, 'gw.credit.player.list.total.report'),
  run: (context, [account, preset]) => {
    const query = new URLSearchParams();
    const agent = account && account !== MY_LINE ? listed.get(account) : undefined;
    if (agent) query.set('trail', `${account}~${agent.loginId}~${agent.level}`);
    // The screen turns the preset into days when it opens (today is the browser's now in Beijing).
    if (preset && (rangePresets as readonly string[]).includes(preset)) query.set('preset', preset);
    const search = query.toString();
    context.navigate(`/winningReport/index${search ? `?${search}` : ''}`);
  },
};

const dailyAccounts = new Map<string, { loginId: string; level: number }>();

/**
 * "Daily report for…": any account of the caller's line (a member too) or the caller's own line,
 * then a range; it opens /dailyReport/index there.
 */
const dailyReportFor: Command = {
  id: 'reports.dailyFor',
  group: 'accounts',
  titleKey: 'command.dailyReportFor',
  keywords: ['daily', 'day by day', 'report', 'per day', '日报', '每日', '报表', 'ribao'],
  icon: 'calendar-days',
  steps: [
    {
      placeholderKey: 'palette.chooseDailyAccount',
      remote: true,
      async choices(context, _picked, query) {
        const mine = { id: MY_LINE, titleKey: 'reports.myLine', keywords: [] };
        const keyword = query.trim();
        if (!keyword || !can(context.rights, 'gw.credit.fuzzy.search.tips')) return [mine];
        const { list } = await context.call('gw.credit.fuzzy.search.tips', { keyword, limit: 20 });
        return [
          mine,
          ...list
            .filter((account) => account.userId !== context.rights.userId)
            .map((account) => {
              dailyAccounts.set(account.userId, { loginId: account.loginId, level: account.level });
              return { id: account.userId, title: account.loginId, detail: context.t(`level.${account.level}`), keywords: [] };
            }),
        ];
      },
    },
    {
      placeholderKey: 'palette.chooseRange',
      choices: () => rangePresets.map((preset) => ({ id: preset, titleKey: `filter.preset.${preset}`, keywords: [preset] })),
    },
  ],
  when: (rights) => can(rights, 'gw.credit.agent.daily.report'),
  run: (context, [account, preset]) => {
    const query = new URLSearchParams();
    const picked = account && account !== MY_LINE ? dailyAccounts.get(account) : undefined;
    if (picked) query.set('account', `${account}~${picked.loginId}~${picked.level}`);
    if (preset && (rangePresets as readonly string[]).includes(preset)) query.set('preset', preset);
    const search = query.toString();
    context.navigate(`/dailyReport/index${search ? `?${search}` : ''}`);
  },
};

/**
 * Closes a direct child agent's open settlement period (the bill) at the start of today, after
 * asking: what the period keeps is final.
 */
export async function closeBillPeriod(context: CommandContext, agent: { userId: string; loginId: string }): Promise<void> {
  const ok = await context.confirm({
    title: context.t('bill.confirmClose', { account: agent.loginId }),
    description: context.t('bill.confirmCloseMessage'),
    action: context.t('bill.close'),
  });
  if (!ok) return;
  try {
    const closed = await context.call('gw.credit.agent.to.company.acc.reset', { userId: agent.userId });
    context.report({ ok: true, message: context.t('bill.closed', { account: agent.loginId, amount: closed.agentToCompany }) });
    context.accountsChanged(['gw.credit.bill.query']);
  } catch (error) {
    context.report({ ok: false, error });
  }
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
        return list.map((row) => {
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

export const reportCommands: Command[] = [winLossReportFor, dailyReportFor, closePeriod];
