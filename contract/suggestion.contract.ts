import { z } from 'zod';
import { backOffice } from './account-levels.contract';
import { exclusiveEndSchema, idSchema, isoTimeSchema, pageParams, pageResult, timeParamSchema } from './common.contract';
import { ErrorCode } from './errors.contract';
import { deviceSchema } from './game.contract';
import { defineMethod } from './method.contract';
import { plainTextRule } from './rules.contract';

/** Members write these in the game platform's app; they reach the back office through its feed (docs/guide.md, "Notices"). */
export const suggestionKinds = ['suggestion', 'complaint'] as const;
export const suggestionStatuses = ['new', 'read', 'answered'] as const;
export type SuggestionStatus = (typeof suggestionStatuses)[number];
export const SUGGESTION_REPLY_MAX = 1000;
/** An answer goes to the member's app as written: plain text. */
export const suggestionReplyRule = plainTextRule(z.string().trim().min(1, 'reply-required').max(SUGGESTION_REPLY_MAX, 'reply-too-long'));

export const suggestionSchema = z.object({
  suggestionId: idSchema,
  userId: idSchema,
  loginId: z.string(),
  kind: z.enum(suggestionKinds),
  title: z.string(),
  content: z.string(),
  device: deviceSchema,
  sentAt: isoTimeSchema,
  status: z.enum(suggestionStatuses),
  reply: z.string().nullable(),
  /** The login that answered (a sub-account's own name when a clerk did). */
  repliedBy: z.string().nullable(),
  repliedAt: isoTimeSchema.nullable(),
  /** The answer reached the member at the game platform (false while it waits in the outbox, or with no answer). */
  delivered: z.boolean(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

// Every agent reads the suggestions of its line's members; a clerk needs code 8 (docs/product.md#access-codes).
const readers = { levels: backOffice, accessCode: 8 } as const;
const oneParams = z.object({ suggestionId: idSchema });

export const suggestionMethods = {
  'gw.credit.suggestion.page': defineMethod({
    summary:
      "Suggestions and complaints of the members of the caller's line, newest first, by status, kind and time sent, with how many are new",
    params: z
      .object({
        status: z.enum(suggestionStatuses).optional(),
        kind: z.enum(suggestionKinds).optional(),
        startTime: timeParamSchema.optional(),
        endTime: exclusiveEndSchema.optional(),
        ...pageParams(100),
      })
      .refine((p) => !p.startTime || !p.endTime || Date.parse(p.startTime) < Date.parse(p.endTime), {
        message: 'start-after-end',
        path: ['startTime'],
      }),
    result: pageResult(suggestionSchema).extend({ newCount: z.number().int().min(0) }),
    auth: 'session',
    effect: 'read',
    rights: readers,
    errors: [],
  }),
  'gw.credit.suggestion.count': defineMethod({
    summary: "How many suggestions of the caller's line are new (the menu's count)",
    params: z.object({}),
    result: z.object({ newCount: z.number().int().min(0) }),
    auth: 'session',
    effect: 'read',
    rights: readers,
    errors: [],
  }),
  'gw.credit.suggestion.read': defineMethod({
    summary: 'Marks a new suggestion of the line read (one already read or answered stays as it is)',
    params: oneParams,
    result: suggestionSchema,
    auth: 'session',
    effect: 'write',
    rights: readers,
    errors: [ErrorCode.recordNotFound],
  }),
  'gw.credit.suggestion.reply': defineMethod({
    summary: 'Answers a suggestion of the line (a later answer replaces the earlier one)',
    params: z.object({
      suggestionId: idSchema,
      reply: suggestionReplyRule,
    }),
    result: suggestionSchema,
    auth: 'session',
    effect: 'write',
    rights: readers,
    errors: [ErrorCode.recordNotFound],
  }),
};
