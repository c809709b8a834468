import { z } from 'zod';
import { idSchema, isoTimeSchema, pageParams, pageResult } from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod } from './method.contract';
import { pointsSchema, serialSchema } from './points.contract';

const beijingDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One kind of score-log movement summed: its points and how many rows. */
const movementSchema = z.object({ amount: pointsSchema, count: z.number().int() });

/**
 * The score-log movements of an agent's line (the agent and every account below it), by kind:
 * points its parent scored up to the agent or down from it (the line's only points from and to
 * the outside besides the games), the ups and downs inside the line, and its members' transfers
 * to the games (in) and back (out). The line's balance moves by
 * upFromParent - downToParent - transferIn + transferOut.
 */
export const statementMovementsSchema = z.object({
  upFromParent: movementSchema,
  downToParent: movementSchema,
  upInLine: movementSchema,
  downInLine: movementSchema,
  transferIn: movementSchema,
  transferOut: movementSchema,
});
export type StatementMovements = z.infer<typeof statementMovementsSchema>;
export const movementKinds = ['upFromParent', 'downToParent', 'upInLine', 'downInLine', 'transferIn', 'transferOut'] as const;

/**
 * What the line's members' bets did on the statement's days (the report rollups, as the bill reads
 * them): bets, bet and valid amount, the members' win/loss and rebate, what the line keeps of its
 * shares and wash-code rates, and what it hands up to the company's side,
 * agentToCompany = -(valueWonLose + betRebate + lineKeeps).
 */
export const statementBetsSchema = z.object({
  bets: z.number().int(),
  betAmount: pointsSchema,
  validAmount: pointsSchema,
  valueWonLose: pointsSchema,
  betRebate: pointsSchema,
  lineKeeps: pointsSchema,
  agentToCompany: pointsSchema,
});
export type StatementBets = z.infer<typeof statementBetsSchema>;
export const betMeasures = ['betAmount', 'validAmount', 'valueWonLose', 'betRebate', 'lineKeeps', 'agentToCompany'] as const;

/**
 * A change to an earlier statement, shown on the next one (docs/product.md#statements): score-log
 * rows dated inside its period that committed after it was frozen (`movements`, `balance` their
 * effect on the line's balance), and what re-settled or cancelled bets of its days changed
 * (`bets`, differences). `corrects` is the statement it corrects; null for rows dated before the
 * agent's first statement.
 */
export const statementCorrectionSchema = z.object({
  corrects: idSchema.nullable(),
  correctsPeriodEnd: isoTimeSchema.nullable(),
  movements: statementMovementsSchema,
  balance: pointsSchema,
  bets: statementBetsSchema,
});
export type StatementCorrection = z.infer<typeof statementCorrectionSchema>;

/** A statement as frozen: what its hash covers (sha256 of its canonical JSON). */
export const statementContentSchema = z.object({
  format: z.literal(1),
  siteId: z.string(),
  agent: z.object({ userId: idSchema, loginId: z.string(), level: z.number().int().min(1).max(4) }),
  settlementId: idSchema,
  previousStatementId: idSchema.nullable(),
  periodStart: isoTimeSchema,
  periodEnd: isoTimeSchema,
  /** The first and last Beijing day of the rollups its bets sum. */
  firstDay: beijingDateSchema,
  lastDay: beijingDateSchema.nullable(),
  /** The ledger version it was taken at: the site's last score-log serial (0: none yet). */
  ledgerSerial: z.union([z.literal('0'), serialSchema]),
  frozenAt: isoTimeSchema,
  /** The line's balance (the agent and every account below it) at the period's start and end. */
  openingBalance: pointsSchema,
  closingBalance: pointsSchema,
  movements: statementMovementsSchema,
  bets: statementBetsSchema,
  corrections: z.array(statementCorrectionSchema),
  /** bets plus every correction's bets: what the bill period kept. */
  betsWithCorrections: statementBetsSchema,
});
export type StatementContent = z.infer<typeof statementContentSchema>;

export const statementSummarySchema = z.object({
  statementId: idSchema,
  userId: idSchema,
  loginId: z.string(),
  level: z.number().int(),
  periodStart: isoTimeSchema,
  periodEnd: isoTimeSchema,
  firstDay: beijingDateSchema,
  lastDay: beijingDateSchema.nullable(),
  ledgerSerial: z.string(),
  openingBalance: pointsSchema,
  closingBalance: pointsSchema,
  validAmount: pointsSchema,
  valueWonLose: pointsSchema,
  agentToCompany: pointsSchema,
  corrections: z.number().int(),
  contentHash: z.string(),
  frozenAt: isoTimeSchema,
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const statementDetailSchema = z.object({
  statementId: idSchema,
  contentHash: z.string(),
  /** The stored content hashes to contentHash (checked as it is read). */
  hashOk: z.boolean(),
  content: statementContentSchema,
});
export type StatementDetail = z.infer<typeof statementDetailSchema>;

export const statementMethods = {
  'gw.credit.statement.query': defineMethod({
    summary:
      "Frozen statements, newest first: of userId (the caller or one of its direct child agents; the company any agent of the site), or by default the caller's own and its direct children's (the company's: every statement of the site)",
    params: z.object({ userId: idSchema.optional() }).extend(pageParams(50)),
    result: pageResult(statementSummarySchema),
    auth: 'session',
    effect: 'read',
    rights: { levels: [0, 1, 2, 3, 4], accessCode: 8 },
    errors: [ErrorCode.accountNotFound, ErrorCode.notDirectRelation],
  }),
  'gw.credit.statement.get': defineMethod({
    summary:
      'One frozen statement as it was frozen (docs/product.md#statements), its content hash and whether the stored content still hashes to it; 20049 when it is none the caller may read',
    params: z.object({ statementId: idSchema }),
    result: statementDetailSchema,
    auth: 'session',
    effect: 'read',
    rights: { levels: [0, 1, 2, 3, 4], accessCode: 8 },
    errors: [ErrorCode.recordNotFound],
  }),
};
