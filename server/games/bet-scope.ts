import { accountInLine, accountOfLine } from '../tree/line-access';
import type { CallContext } from '../kernel/call-context';
import type { BetScope } from './bet.repository';

/** The line whose bets are asked for: the caller's, or (userId) an account's of the caller's line (else 20002). */
export async function betScope(ctx: CallContext, userId: string | undefined): Promise<BetScope> {
  const path = userId === undefined ? (await accountOfLine(ctx)).path : (await accountInLine(ctx, userId)).path;
  return { siteId: ctx.site.id, path };
}
