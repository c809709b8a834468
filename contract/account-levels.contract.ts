import type { Level } from './method.contract';

/*
 * Levels, stored statuses and status actions without any schema: `commands/can.ts` and the account-status
 * machine read them on the web app's first screen, which must not carry zod for them.
 * account-fields.contract re-exports them.
 */

/** Levels that manage a downline (members never sign in). */
export const backOffice: Level[] = [0, 1, 2, 3, 4];

/** The company: the root of a site's tree, one per site. */
export const companyLevel: Level = 0;
/** Agents, the last level of the back office: the only one that owns members. */
export const agentLevel: Level = 4;
/** Members, the bottom of the tree: they bet, hold no line and never sign in here. */
export const memberLevel: Level = 5;

/** Stored statuses of an account and of its line (docs/product.md#account-statuses): 1 normal, 4 disabled (locked), 6 frozen (read only). */
export const AccountStatus = { normal: 1, disabled: 4, frozen: 6 } as const;
export const isMemberLevel = (level: number): boolean => level === memberLevel;

/** Status actions (machines/account-status.machine.ts), as the UI names them. */
export const accountActions = [
  'ENABLE',
  'DISABLE',
  'FREEZE',
  'UNFREEZE',
  'KICK_OUT',
  'UNLOCK',
  'REMOVE_LIMIT',
  'LINE_DISABLE',
  'LINE_ENABLE',
  'LINE_FREEZE',
  'LINE_UNFREEZE',
] as const;
