import { z } from 'zod';
import { idSchema, isoTimeSchema, timeParamSchema } from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod, type Rights } from './method.contract';
import { pointsSchema, serialSchema } from './points.contract';

/**
 * Balances as of a moment (docs/product.md#balances-as-of): what an account held at a past
 * instant, read from the score log (the balance its last row at or before the instant left;
 * 0.00 before its first row). Exact to the cent: the log's own numbers, never a sum.
 */

/** Accounts one page call answers. */
export const BALANCE_ASOF_PAGE_MAX = 100;

export const balanceAsOfSchema = z.object({
  userId: idSchema,
  loginId: z.string(),
  /** The site's game wallet (the platform's account, outside every line) rather than an account of the tree. */
  gameWallet: z.boolean(),
  /** The balance at `at`, as the log's last row at or before it left it. */
  balance: pointsSchema,
  /** That row's serial and time; null when the account has no row at or before `at` (balance 0.00). */
  serialNo: serialSchema.nullable(),
  movedAt: isoTimeSchema.nullable(),
});

// Balances are finance (docs/product.md#finance): the score log's code and levels.
const rights: Rights = { levels: [0, 1, 2, 3, 4], accessCode: 6, finance: true };

export const balanceAsOfMethods = {
  'gw.credit.balance.asof': defineMethod({
    summary:
      "One account's balance at an instant (`at`, inclusive: every movement at or before it counts): the caller's own, any account of its line (userId), or for the company the site's game wallet (gameWallet)",
    params: z
      .object({ at: timeParamSchema, userId: idSchema.optional(), gameWallet: z.boolean().default(false) })
      .refine((p) => !(p.gameWallet && p.userId !== undefined), { message: 'one-account', path: ['gameWallet'] }),
    result: z.object({ at: isoTimeSchema }).extend(balanceAsOfSchema.shape),
    auth: 'session',
    effect: 'read',
    rights,
    errors: [ErrorCode.accountNotFound],
  }),
  'gw.credit.balance.asof.page': defineMethod({
    summary: `Balances at an instant (\`at\`, inclusive) of a page of a line: the direct children of parentId (the caller when absent) in the order they were added, a page after the cursor \`after\` (the previous page's \`next\`), or the accounts userIds (at most ${BALANCE_ASOF_PAGE_MAX}, each of the caller's line) in the order given`,
    params: z
      .object({
        at: timeParamSchema,
        parentId: idSchema.optional(),
        userIds: z.array(idSchema).min(1).max(BALANCE_ASOF_PAGE_MAX).optional(),
        /** The children after this one (the previous page's \`next\`): keyset paging, so pages join up while accounts are added. */
        after: idSchema.optional(),
        pageSize: z.number().int().min(1).max(BALANCE_ASOF_PAGE_MAX).default(BALANCE_ASOF_PAGE_MAX),
      })
      .refine((p) => !(p.parentId !== undefined && p.userIds !== undefined), { message: 'one-account', path: ['userIds'] })
      .refine((p) => !(p.after !== undefined && p.userIds !== undefined), { message: 'cursor-with-ids', path: ['after'] }),
    /**
     * total: the parent's direct children, or the number of userIds. next: the cursor of the
     * page after this one (pass it as \`after\`), null on the last page and for userIds.
     */
    result: z.object({
      at: isoTimeSchema,
      total: z.number().int().min(0),
      list: z.array(balanceAsOfSchema),
      next: idSchema.nullable(),
    }),
    auth: 'session',
    effect: 'read',
    rights,
    errors: [ErrorCode.accountNotFound],
  }),
};
