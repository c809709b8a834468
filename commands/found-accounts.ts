import type { ResultOf } from '../contract/methods.contract';
import { can, directChildList } from './can';
import type { AccountPick, Command, CommandContext, CommandStep, LineAccount, Rights } from './command';

const FOUND_AT_MOST = 5;

/** What typed at the palette's top level can be the start of a login: one word of 2 (fewer is too common a start) to 16 letters. */
export const mayBeLogin = (typed: string) => /^\S{2,16}$/u.test(typed.trim());

/**
 * The accounts of the caller's line whose name starts with what is typed, a few, each as the
 * account search answers it (status, parent, flags), so their actions are offered as a row's are.
 */
export async function findLineAccounts(context: Pick<CommandContext, 'call' | 'rights'>, typed: string): Promise<LineAccount[]> {
  const keyword = typed.trim();
  const { rights } = context;
  if (!mayBeLogin(keyword) || !can(rights, 'gw.credit.fuzzy.search.tips') || !can(rights, 'gw.credit.account.search')) return [];
  const { list } = await context.call('gw.credit.fuzzy.search.tips', { keyword, limit: FOUND_AT_MOST });
  const answers = await Promise.all(list.map((tip) => context.call('gw.credit.account.search', { loginId: tip.loginId })));
  return answers.flatMap((answer, index) => answer.list.filter((account) => account.userId === list[index]!.userId));
}

/** The entries an account found offers: each command's picks on it that the rights and its status allow now. */
export function accountEntries(commands: readonly Command[], account: LineAccount, context: Pick<CommandContext, 'rights'>) {
  return commands.flatMap((command) =>
    (command.onAccount?.(account, context.rights) ?? []).map((pick: AccountPick) => ({ command, pick })),
  );
}

/** A direct child as the child lists answer it. */
export type DirectChild = ResultOf<'gw.credit.agent.query'>['list'][number];

/**
 * A palette page listing the caller's direct children whose name contains what is typed, those
 * `keep` lets through; each row shown goes into `found`, so the next page and the run know the
 * account without asking again.
 */
export function directChildStep(options: {
  found: Map<string, DirectChild>;
  keep(row: DirectChild, rights: Rights): boolean;
  detail(row: DirectChild, context: CommandContext): string;
}): CommandStep {
  return {
    placeholderKey: 'palette.chooseAccount',
    remote: true,
    async choices(context, _picked, query) {
      const loginId = query.trim();
      const page = await context.call(directChildList(context.rights), { ...(loginId ? { loginId } : {}), pageSize: 30 });
      return page.list
        .filter((row) => options.keep(row, context.rights))
        .map((row) => {
          options.found.set(row.userId, row);
          return { id: row.userId, title: row.loginId, detail: options.detail(row, context), keywords: [] };
        });
    },
  };
}
