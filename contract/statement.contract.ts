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
export const movementKinds = statementMovementsSchema.keyof().options;

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
  'gw.credit.statement.export': defineMethod({
    summary:
      "One statement as a PDF to forward, in the caller's language (its lines as the screen shows them, the serial and the hash), answered base64 in the result; 20049 when it is none the caller may read, 2 (rule pdf-font-missing) when the gateway's machine lacks the font of that language",
    params: z.object({ statementId: idSchema, format: z.enum(['pdf']).default('pdf') }),
    result: z.object({ name: z.string(), contentType: z.literal('application/pdf'), base64: z.string() }),
    auth: 'session',
    effect: 'read',
    rights: { levels: [0, 1, 2, 3, 4], accessCode: 8 },
    errors: [ErrorCode.recordNotFound, ErrorCode.unknownApplication],
  }),
};

/** A text of the catalogue in the reader's language, its {{values}} filled in (i18next's t, or the gateway's export texts). */
export type StatementText = (key: string, values?: Record<string, string>) => string;

/** One line of a statement's detail: a figure, its amount and (for movements and bets) how many. */
export interface StatementLine {
  id: string;
  section: string;
  item: string;
  amount: string | null;
  count: number | null;
}

function movementLines(t: StatementText, id: string, section: string, movements: StatementMovements, all: boolean): StatementLine[] {
  return movementKinds
    .filter((kind) => all || movements[kind].count !== 0)
    .map((kind) => ({
      id: `${id}.${kind}`,
      section,
      item: t(`statement.movement.${kind}`),
      amount: movements[kind].amount,
      count: movements[kind].count,
    }));
}

function betLines(t: StatementText, id: string, section: string, bets: StatementBets, all: boolean): StatementLine[] {
  return [
    { id: `${id}.bets`, section, item: t('statement.bet.bets'), amount: null, count: bets.bets },
    ...betMeasures.map((measure) => ({
      id: `${id}.${measure}`,
      section,
      item: t(`statement.bet.${measure}`),
      amount: bets[measure],
      count: null,
    })),
  ].filter((line) => all || (line.amount ?? '0.00') !== '0.00' || (line.count ?? 0) !== 0);
}

/** A statement as lines: balances, movements, bets, each correction (naming what it corrects), the total, and its version and hash. */
export function statementLines(t: StatementText, detail: StatementDetail): StatementLine[] {
  const content = detail.content;
  const balances = t('statement.section.balances');
  const corrections = content.corrections.flatMap((correction, index) => {
    const section = correction.corrects
      ? t('statement.section.correctionOf', { id: correction.corrects })
      : t('statement.section.correctionBefore');
    const id = `correction${index}`;
    return [
      { id: `${id}.balance`, section, item: t('statement.correctionBalance'), amount: correction.balance, count: null },
      ...movementLines(t, id, section, correction.movements, false),
      ...betLines(t, id, section, correction.bets, false),
    ];
  });
  const version = t('statement.section.version');
  return [
    { id: 'opening', section: balances, item: t('statement.openingBalance'), amount: content.openingBalance, count: null },
    { id: 'closing', section: balances, item: t('statement.closingBalance'), amount: content.closingBalance, count: null },
    ...movementLines(t, 'movements', t('statement.section.movements'), content.movements, true),
    ...betLines(t, 'bets', t('statement.section.bets'), content.bets, true),
    ...corrections,
    ...betLines(t, 'total', t('statement.section.total'), content.betsWithCorrections, true),
    { id: 'serial', section: version, item: t('statement.ledgerSerial'), amount: null, count: null, text: content.ledgerSerial },
    { id: 'hash', section: version, item: t('statement.contentHash'), amount: null, count: null, text: detail.contentHash },
  ].map(({ text, ...line }: StatementLine & { text?: string }) => (text === undefined ? line : { ...line, item: `${line.item}: ${text}` }));
}
