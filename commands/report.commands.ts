import { rangePresets } from '../contract/range-presets.contract';
import { can } from './can';
import type { Command } from './command';

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

export const reportCommands: Command[] = [winLossReportFor];
