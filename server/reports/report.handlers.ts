import { isMemberLevel } from '../../contract/account-fields.contract';
import { formatCents } from '../../contract/amount.contract';
import { ErrorCode } from '../../contract/errors.contract';
import { accountOfLine } from '../accounts/line-access';
import type { CallContext } from '../rpc/dispatcher';
import { defineHandlers } from '../rpc/handler';
import { RpcError } from '../rpc/rpc-error';
import {
  childSums,
  dailySums,
  memberOwnSums,
  memberSums,
  ownResult,
  reportNumbers,
  totalOf,
  type AccountSums,
  type ReportRange,
} from './report.repository';

const rowOf = (row: AccountSums) => ({ userId: String(row.id), loginId: row.login_id, level: row.level, ...reportNumbers(row.sums) });

/** The account a report is about: the caller, or one of its line (20002 otherwise); `rule` names what it must be. */
async function subject(ctx: CallContext, userId: string | undefined, field: string, accepts: (level: number) => boolean, rule: string) {
  const account = await accountOfLine(ctx, userId);
  if (!accepts(account.level)) throw new RpcError(ErrorCode.invalidParams, { field, rule });
  return { id: String(account.id), loginId: account.login_id, level: account.level };
}

async function listReport(
  ctx: CallContext,
  account: { id: string; loginId: string; level: number },
  rows: AccountSums[],
  range: ReportRange,
) {
  const own = await ownResult(ctx.db, ctx.site.id, account, rows, range);
  return {
    list: rows.map(rowOf),
    total: reportNumbers(totalOf(rows)),
    own: { userId: account.id, loginId: account.loginId, level: account.level, result: formatCents(own) },
  };
}

export const reportHandlers = defineHandlers({
  'gw.credit.agent.list.total.report': async (ctx, { parentId, ...range }) => {
    const account = await subject(ctx, parentId, 'parentId', (level) => !isMemberLevel(level), 'not-an-agent');
    return listReport(ctx, account, await childSums(ctx.db, ctx.site.id, account.id, range), range);
  },
  'gw.credit.player.list.total.report': async (ctx, { agentId, ...range }) => {
    const account = await subject(ctx, agentId, 'agentId', (level) => level === 4, 'not-a-level-4-agent');
    return listReport(ctx, account, await memberSums(ctx.db, ctx.site.id, account.id, range), range);
  },
  'gw.credit.agent.daily.report': async (ctx, { userId, ...range }) => {
    const account = await subject(ctx, userId, 'userId', (level) => !isMemberLevel(level), 'not-an-agent');
    const days = await dailySums(ctx.db, ctx.site.id, account, range);
    return { list: days.map((day) => ({ day: day.day, ...reportNumbers(day.sums) })) };
  },
  'gw.credit.player.daily.report': async (ctx, { userId, ...range }) => {
    const account = await subject(ctx, userId, 'userId', isMemberLevel, 'not-a-member');
    const days = await dailySums(ctx.db, ctx.site.id, account, range);
    return { list: days.map((day) => ({ day: day.day, ...reportNumbers(day.sums) })) };
  },
  'gw.credit.player.summary.report': async (ctx, { userId, ...range }) => {
    const account = await subject(ctx, userId, 'userId', isMemberLevel, 'not-a-member');
    const sums = await memberOwnSums(ctx.db, ctx.site.id, account.id, range);
    return { userId: account.id, loginId: account.loginId, level: account.level, ...reportNumbers(sums) };
  },
});
