import { wireId } from '../kernel/db/ids';
import { AccountStatus } from '../../contract/account-fields.contract';
import { ErrorCode } from '../../contract/errors.contract';
import type { Cell } from '../../shared/table-cells';
import { findInLine } from '../tree/account.repository';
import {
  accountListPages,
  accountListQuery,
  accountListScope,
  countAccountList,
  type AccountListFilters,
} from '../accounts/account-list.repository';
import { accountInLine } from '../tree/line-access';
import { RpcError } from '../kernel/rpc-error';
import type { ExportSource } from './export-source';
import { exportText } from '../files/export-text';

/** Rows read per page, and so per progress report. */
const EXPORT_PAGE = 250;

const statusNames: Record<number, string> = {
  [AccountStatus.normal]: 'normal',
  [AccountStatus.disabled]: 'disabled',
  [AccountStatus.frozen]: 'frozen',
};

/** What the export keeps from its start: the parent it lists, and the instant "online" was judged at. */
interface AccountListSnapshot {
  parentId: string;
  at: string;
  idleTimeoutSeconds: number;
}

/**
 * The agent or member list as a file: the list method's own line check on the parent and the
 * list's own SQL (account-query.handlers.ts), with the columns the account list screen shows.
 */
function accountListExport(members: boolean): ExportSource {
  return {
    title: members ? 'accounts.members' : 'accounts.agents',
    columns: [
      'accounts.column.loginId',
      'accounts.column.nickname',
      'accounts.column.level',
      'accounts.column.status',
      'accounts.column.balance',
      'accounts.column.pointLimit',
      'accounts.column.online',
      'accounts.column.lastLoginAt',
      'export.column.createdAt',
    ],
    async prepare(ctx, input) {
      const filters = input as AccountListFilters;
      const parent = await accountInLine(ctx, filters.parentId ?? ctx.session!.accountId);
      const total = await countAccountList(ctx.db, accountListQuery(accountListScope(ctx), parent, filters, members));
      const snapshot: AccountListSnapshot = {
        parentId: wireId(parent.id),
        at: ctx.now.toISOString(),
        idleTimeoutSeconds: ctx.site.idleTimeoutSeconds,
      };
      return { total, snapshot: { ...snapshot } };
    },
    async *pages(db, owner, { filters, snapshot, language }) {
      const { parentId, at, idleTimeoutSeconds } = snapshot as unknown as AccountListSnapshot;
      // The parent must still be in the owner's line (accounts can move); its path is read again.
      const parent = await findInLine(db, { siteId: owner.siteId, callerId: owner.accountId, accountId: parentId });
      if (!parent) throw new RpcError(ErrorCode.accountNotFound);
      const scope = { siteId: owner.siteId, now: new Date(at), idleTimeoutSeconds };
      const query = accountListQuery(scope, parent, filters as AccountListFilters, members);
      for await (const page of accountListPages(db, query, EXPORT_PAGE)) {
        yield page.map((row): Cell[] => [
          row.loginId,
          row.nickname,
          exportText(language, `level.${row.level}`),
          exportText(language, `status.${statusNames[row.status] ?? 'normal'}`),
          { number: row.balance },
          { number: row.pointLimit },
          exportText(language, row.online ? 'accounts.online' : 'accounts.offline'),
          row.lastLoginAt === null ? '' : { time: row.lastLoginAt },
          { time: row.createdAt },
        ]);
      }
    },
  };
}

export const agentListExport = accountListExport(false);
export const memberListExport = accountListExport(true);
