import { z } from 'zod';
import { amountSchema, percentSchema } from './amount.contract';
import { personNameRule } from './rules.contract';

export const levelSchema = z.number().int().min(0).max(5);

export { AccountStatus, accountActions, agentLevel, backOffice, companyLevel, isMemberLevel, memberLevel } from './account-levels.contract';

export const contactParams = {
  name: personNameRule.optional(),
  phone: z.string().trim().max(32).optional(),
  tel: z.string().trim().max(32).optional(),
  wechat: z.string().trim().max(64).optional(),
};

/** The two game types (docs/product.md#account-fields): real-person (live casino) and electronic games. */
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
  /** An agent's agent-to-company amount in its open bill period (null for a member: no bill). */
  agentToCompanyUsed: z.string().nullable(),
  /** The amount reached the limit (not 0): the agent's members bet no more of this type until the bill closes. */
  agentToCompanyReached: z.boolean(),
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
