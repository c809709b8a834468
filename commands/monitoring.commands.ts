import type { WatchedAccount } from '../contract/monitoring.contract';
import { can } from './can';
import type { Command, CommandContext } from './command';

export const USER_WARNING_SCREEN = '/userWarning/index';
/**
 * What a change of the watch lists or of what was seen makes stale: the lists and their tab
 * counts, and the account lists, profiles and line statistics that show an account watched.
 */
export const monitorReads = [
  'gw.credit.agent.monitor.query',
  'gw.credit.user.monitor.query',
  'gw.credit.user.monitor.redpoint.count',
  'gw.credit.agent.query',
  'gw.credit.user.query',
  'gw.credit.agent.statistics.query',
  'gw.credit.user.profile',
] as const;

/** An account to put on the company's watch list: a member goes on the members' list, an agent on the agents'. */
export interface WatchTarget {
  userId: string;
  loginId: string;
  level: number;
}

export async function watchAccount(context: CommandContext, account: WatchTarget): Promise<void> {
  try {
    if (account.level === 5) await context.call('gw.credit.user.monitor.set', { userId: account.userId, monitored: true });
    else await context.call('gw.credit.agent.monitor.add', { userId: account.userId });
    context.report({ ok: true, message: context.t('monitor.watched', { loginId: account.loginId }) });
    context.accountsChanged(monitorReads);
  } catch (error) {
    context.report({ ok: false, error });
  }
}

/** Takes an account off the company's list, after asking (its parent's mark, if any, keeps it watched). */
export async function unwatchAccount(context: CommandContext, account: WatchedAccount): Promise<void> {
  const ok = await context.confirm({
    title: context.t('monitor.unwatchTitle', { loginId: account.loginId }),
    description: context.t(account.exceptionMarked ? 'monitor.unwatchMarked' : 'monitor.unwatchMessage'),
    action: context.t('monitor.unwatch'),
  });
  if (!ok) return;
  try {
    if (account.level === 5) await context.call('gw.credit.user.monitor.set', { userId: account.userId, monitored: false });
    else await context.call('gw.credit.agent.monitor.delete', { userId: account.userId });
    context.report({ ok: true, message: context.t('monitor.unwatched', { loginId: account.loginId }) });
    context.accountsChanged(monitorReads);
  } catch (error) {
    context.report({ ok: false, error });
  }
}

/** Marks what a watched account did as seen: the counts (and the red dot) go down for the company and its clerks. */
export async function markWatchedSeen(context: CommandContext, account: Pick<WatchedAccount, 'userId' | 'loginId'>): Promise<void> {
  try {
    await context.call('gw.credit.user.monitor.seen', { userId: account.userId });
    context.report({ ok: true, message: context.t('monitor.markedSeen', { loginId: account.loginId }) });
    context.accountsChanged(monitorReads);
  } catch (error) {
    context.report({ ok: false, error });
  }
}

const found = new Map<string, WatchTarget>();

/** "Watch an account…": an agent or member of the site by the start of its name. */
const watchCommand: Command = {
  id: 'monitor.watch',
  group: 'accounts',
  titleKey: 'command.watchAccount',
  keywords: ['watch', 'monitor', 'warning', 'flag', '监控', '预警', 'jiankong'],
  icon: 'eye',
  steps: [
    {
      placeholderKey: 'palette.chooseWatchAccount',
      remote: true,
      async choices(context, _picked, query) {
        const keyword = query.trim();
        if (!keyword) return [];
        const { list } = await context.call('gw.credit.fuzzy.search.tips', { keyword, limit: 20 });
        return list
          .filter((account) => account.level > 0)
          .map((account) => {
            found.set(account.userId, { userId: account.userId, loginId: account.loginId, level: account.level });
            return { id: account.userId, title: account.loginId, detail: context.t(`level.${account.level}`), keywords: [] };
          });
      },
    },
  ],
  when: (rights) => can(rights, 'gw.credit.agent.monitor.add') && can(rights, 'gw.credit.user.monitor.set'),
  run: async (context, [userId]) => {
    const account = userId ? found.get(userId) : undefined;
    if (account) await watchAccount(context, account);
    else context.navigate(USER_WARNING_SCREEN);
  },
};

export const monitorCommands: Command[] = [watchCommand];
