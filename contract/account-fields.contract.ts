import { z } from 'zod';
import { amountSchema, percentSchema } from './amount.contract';
import type { Level } from './method.contract';
import { personNameRule } from './rules.contract';

export const levelSchema = z.number().int().min(0).max(5);

/** Levels that manage a downline (members never sign in). */
export const backOffice: Level[] = [0, 1, 2, 3, 4];

/** The company: the root of a site's tree, one per site. */
export const companyLevel: Level = 0;
/** Agents, the last level of the back office: the only one that owns members. */
export const agentLevel: Level = 4;
/** Members, the bottom of the tree: they bet, hold no line and never sign in here. */
export const memberLevel: Level = 5;

/** Stored statuses of an account and of its line (spec §3): 1 normal, 4 disabled (locked), 6 frozen (read only). */
export const AccountStatus = { normal: 1, disabled: 4, frozen: 6 } as const;
export const isMemberLevel = (level: number): boolean => level === memberLevel;

export const contactParams = {
  name: personNameRule.optional(),
  phone: z.string().trim().max(32).optional(),
  tel: z.string().trim().max(32).optional(),
  wechat: z.string().trim().max(64).optional(),
};

/** The two game types of spec §3: real-person (live casino) and electronic games. */
export const gameTypes = ['live', 'electronic'] as const;
export const gameTypeSchema = z.enum(gameTypes);

/** Game settings of one account for one game type, as read. Rates in percent, limits in points. */
export const gameSettingSchema = z.object({
  gameType: gameTypeSchema,
  /** Betting (wash-code) ratio, percent. */
  bettingRatio: z.number(),
  /** Agent rate, percent. */
  agentRate: z.number(),
  agentToCompanyLimit: z.string(),
  /** Spread, percent. */
  spread: z.number(),
  /** Red (table) limit; "0.00" means unlimited. */
  redLimit: z.string(),
  /** Whether the account may play this game type (user.game.switch.get). */
  enabled: z.boolean(),
});

/** Game settings as written: any field left out keeps its value. */
export const gameSettingInputSchema = z.object({
  gameType: gameTypeSchema,
  bettingRatio: percentSchema.optional(),
  agentRate: percentSchema.optional(),
  agentToCompanyLimit: amountSchema.optional(),
  spread: percentSchema.optional(),
  redLimit: amountSchema.optional(),
  enabled: z.boolean().optional(),
});

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
