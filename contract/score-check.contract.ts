import { z } from 'zod';
import { exclusiveEndSchema, isoTimeSchema, pageParams, pageResult, timeParamSchema } from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod } from './method.contract';
import { pointsSchema, serialSchema } from './points.contract';

/**
 * Check and add score (docs/product.md#check-and-add-score): the company reviews
 * score operations at or above the site's score threshold after the fact. A check marks an
 * operation as looked at; it never holds, moves or reverses points.
 */
export const scoreCheckStates = ['unchecked', 'checked', 'all'] as const;
export type ScoreCheckState = (typeof scoreCheckStates)[number];
/** Operations one mark call may check. */
export const SCORE_CHECK_BATCH = 100;

export const scoreCheckRowSchema = z.object({
  serialNo: serialSchema,
  type: z.enum(['up', 'down']),
  time: isoTimeSchema,
  amount: pointsSchema,
  /** The parent that moved the points, and the child they went to or came from. */
  parentLoginId: z.string(),
  childLoginId: z.string(),
  childLevel: z.number().int().min(1).max(5),
  /** The login that acted (a sub-account's when one did), from which address. */
  operator: z.string(),
  operatorIp: z.string(),
  comment: z.string(),
  /** Who checked it and when; null while unchecked. */
  checkedBy: z.string().nullable(),
  checkedAt: isoTimeSchema.nullable(),
});
export type ScoreCheckRow = z.infer<typeof scoreCheckRowSchema>;

type Range = { startTime?: string; endTime?: string };
const startNotAfterEnd = (p: Range) =>
  p.startTime === undefined || p.endTime === undefined || Date.parse(p.startTime) <= Date.parse(p.endTime);
// The review is the company's: level 0, and its clerks holding code 6 (the score log).
const company = { levels: [0], accessCode: 6 } as const;

export const scoreCheckMethods = {
  'gw.credit.score.check.query': defineMethod({
    summary:
      "The review queue of check and add score: the site's score ups and downs at or above its score threshold (0 = every one), unchecked ones by default, oldest first",
    params: z
      .object({
        state: z.enum(scoreCheckStates).default('unchecked'),
        startTime: timeParamSchema.optional(),
        endTime: exclusiveEndSchema.optional(),
        ...pageParams(100),
      })
      .refine(startNotAfterEnd, { message: 'start-after-end', path: ['startTime'] }),
    result: pageResult(scoreCheckRowSchema).extend({
      /** The threshold the queue uses: the site's monitoring score threshold (system settings). */
      threshold: pointsSchema,
      /** Operations of the queue not checked yet, whatever the range. */
      unchecked: z.number().int().min(0),
    }),
    auth: 'session',
    effect: 'read',
    rights: company,
    errors: [],
  }),
  'gw.credit.score.check.mark': defineMethod({
    summary:
      'Marks operations of the review queue as checked by the caller (ones already checked stay as they were). 37151 when the same login checked less than the site\'s minimum score interval ago; 20011 (rule "not-in-queue") when a serial is not in the queue',
    params: z.object({
      serialNos: z
        .array(serialSchema)
        .min(1)
        .max(SCORE_CHECK_BATCH)
        .refine((list) => new Set(list).size === list.length, { message: 'duplicate-serial' }),
    }),
    result: z.object({ checked: z.number().int().min(0), alreadyChecked: z.number().int().min(0) }),
    auth: 'session',
    effect: 'write',
    rights: company,
    errors: [ErrorCode.auditTooFrequent, ErrorCode.illegalOperation],
  }),
};
