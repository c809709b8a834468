import { z } from 'zod';
import { companyLevel } from './account-levels.contract';
import {
  exclusiveEndSchema,
  idSchema,
  isoTimeSchema,
  pageParams,
  pageResult,
  TIME_PARAM_FIRST,
  TIME_PARAM_LAST,
  timeParamSchema,
} from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod } from './method.contract';
import { noticeKinds, noticeStatuses } from './notice-lifecycle.contract';
import { plainTextRule } from './rules.contract';

export * from './notice-lifecycle.contract';

/** The longest title and rich content of one language (the content is HTML, images only by URL). */
export const NOTICE_TITLE_MAX = 200;
export const NOTICE_CONTENT_MAX = 100_000;

const requiredText = (max: number) => z.string().trim().min(1, 'language-required').max(max);
const optionalText = (max: number) => z.string().trim().max(max);
/** Texts by language: zh, en and th must be written; vi and id may be (docs/product.md#notices). */
const texts = <R extends z.ZodType, O extends z.ZodType>(required: R, optional: O) =>
  z.object({ zh: required, en: required, th: required, vi: optional.optional(), id: optional.optional() });
// A title is plain text wherever it goes (the members' app, the platform's lobby); the content is sanitised HTML.
export const noticeTitlesSchema = texts(plainTextRule(requiredText(NOTICE_TITLE_MAX)), plainTextRule(optionalText(NOTICE_TITLE_MAX)));
export const noticeContentsSchema = texts(requiredText(NOTICE_CONTENT_MAX), optionalText(NOTICE_CONTENT_MAX));
export type NoticeTexts = z.infer<typeof noticeTitlesSchema>;

export const noticeKindSchema = z.enum(noticeKinds);
export const noticeStatusSchema = z.enum(noticeStatuses);
/** 0-5, or null: "level not specified" (every level reads it). */
export const noticeLevelSchema = z.number().int().min(0).max(5).nullable();

/** A notice as a reader sees it: in the reader's language, else zh. */
export const noticeItemSchema = z.object({
  noticeId: idSchema,
  kind: noticeKindSchema,
  title: z.string(),
  /** Plain text of the content, for the marquee. */
  content: z.string(),
  /** Sanitised HTML of the content (shown through DOMPurify again). */
  contentRich: z.string(),
  publishTime: isoTimeSchema.nullable(),
  startTime: isoTimeSchema,
  endTime: isoTimeSchema,
  level: noticeLevelSchema,
});
export type NoticeItem = z.infer<typeof noticeItemSchema>;

/** A notice as its writers see it: every language, and its status now. */
export const noticeRecordSchema = z.object({
  noticeId: idSchema,
  kind: noticeKindSchema,
  status: noticeStatusSchema,
  title: z.record(z.string(), z.string()),
  content: z.record(z.string(), z.string()),
  startTime: isoTimeSchema,
  endTime: isoTimeSchema,
  level: noticeLevelSchema,
  publishTime: isoTimeSchema.nullable(),
  updatedAt: isoTimeSchema,
});
export type NoticeRecord = z.infer<typeof noticeRecordSchema>;

const windowChecks = <T extends z.ZodType<{ startTime: string; endTime: string }>>(schema: T) =>
  schema.refine((p) => Date.parse(p.startTime) <= Date.parse(p.endTime), { message: 'start-after-end', path: ['startTime'] });

const noticeFields = {
  kind: noticeKindSchema.default('site'),
  title: noticeTitlesSchema,
  // Sanitised on the server (an allow-list) before it is stored; a tag or attribute outside it is dropped, not refused.
  content: noticeContentsSchema,
  startTime: timeParamSchema,
  endTime: timeParamSchema,
  level: noticeLevelSchema,
};
const idParams = z.object({ noticeId: idSchema });
const statusAnswer = z.object({ noticeId: idSchema, status: z.union([noticeStatusSchema, z.literal('deleted')]) });
// Writers: the company and its sub-accounts holding code 8 (docs/product.md#access-codes).
const writers = { levels: [companyLevel], accessCode: 8 } as const;

/** A game notice: shown by the game platform in its lobby over its window, for every game or the games named. */
export const gameNoticeSchema = z.object({
  noticeId: idSchema,
  title: z.record(z.string(), z.string()),
  content: z.record(z.string(), z.string()),
  /** Empty: every game. */
  gameCodes: z.array(z.string()),
  startTime: isoTimeSchema,
  endTime: isoTimeSchema,
  updatedAt: isoTimeSchema,
  /** The platform holds this version (nothing of the site's game notices waits to be sent). */
  delivered: z.boolean(),
});
export type GameNotice = z.infer<typeof gameNoticeSchema>;

const gameNoticeFields = {
  title: noticeTitlesSchema,
  content: noticeContentsSchema,
  gameCodes: z
    .array(z.string().regex(/^[a-z0-9-]{1,32}$/, 'game-code'))
    .max(50)
    .default([]),
  startTime: timeParamSchema,
  endTime: timeParamSchema,
};

export const noticeMethods = {
  'gw.credit.sn.notice.query': defineMethod({
    summary: "Current notices of one kind (site by default) sent to no particular level: the login page, the marquee, the members' app",
    params: z.object({ kind: noticeKindSchema.default('site'), ...pageParams(99) }),
    result: pageResult(noticeItemSchema),
    auth: 'public',
    effect: 'read',
    errors: [],
  }),
  'gw.credit.notice.layer.list': defineMethod({
    summary: "Current site notices for the signed-in user's level (the landing page and the marquee), newest first",
    params: z.object(pageParams(99)),
    result: pageResult(noticeItemSchema),
    auth: 'session',
    effect: 'read',
    errors: [],
  }),
  'gw.credit.notice.page': defineMethod({
    summary:
      "The site's notices for their writers, newest first, with their status now: filtered by status, kind, target level and a time range their window overlaps",
    params: windowChecks(
      z.object({
        status: noticeStatusSchema.optional(),
        kind: noticeKindSchema.optional(),
        /** A level, or "none" for the notices sent to no particular level. */
        level: z.union([z.number().int().min(0).max(5), z.literal('none')]).optional(),
        startTime: timeParamSchema.default(TIME_PARAM_FIRST),
        endTime: exclusiveEndSchema.default(TIME_PARAM_LAST),
        ...pageParams(99),
      }),
    ),
    result: pageResult(noticeRecordSchema),
    auth: 'session',
    effect: 'read',
    rights: writers,
    errors: [],
  }),
  'gw.credit.notice.detail': defineMethod({
    summary: 'One notice in every language, with its status now',
    params: idParams,
    result: noticeRecordSchema,
    auth: 'session',
    effect: 'read',
    rights: writers,
    errors: [ErrorCode.recordNotFound],
  }),
  'gw.credit.notice.add': defineMethod({
    summary: 'Writes a notice as a draft: titles and rich contents in zh, en and th (vi and id optional), a window and a target level',
    params: windowChecks(z.object(noticeFields)),
    result: z.object({ noticeId: idSchema, status: z.literal('draft') }),
    auth: 'session',
    effect: 'write',
    rights: writers,
    errors: [],
  }),
  'gw.credit.notice.update': defineMethod({
    summary: 'Rewrites a draft (20011 once it is published: revoke it first)',
    params: windowChecks(z.object({ noticeId: idSchema, ...noticeFields })),
    result: statusAnswer,
    auth: 'session',
    effect: 'write',
    rights: writers,
    errors: [ErrorCode.recordNotFound, ErrorCode.illegalOperation],
  }),
  'gw.credit.notice.publish': defineMethod({
    summary: 'Publishes a draft: waiting until its start, sending inside its window (37160 when its end has passed)',
    params: idParams,
    result: statusAnswer,
    auth: 'session',
    effect: 'write',
    rights: writers,
    errors: [ErrorCode.recordNotFound, ErrorCode.illegalOperation, ErrorCode.illegalTime],
  }),
  'gw.credit.notice.revoke': defineMethod({
    summary: 'Takes a waiting or sending notice back to draft',
    params: idParams,
    result: statusAnswer,
    auth: 'session',
    effect: 'write',
    rights: writers,
    errors: [ErrorCode.recordNotFound, ErrorCode.illegalOperation],
  }),
  'gw.credit.game.notice.add': defineMethod({
    summary:
      'Writes a game notice the platform shows in its lobby over its window (for every game, or the games named); the adapter carries it',
    params: windowChecks(z.object(gameNoticeFields)),
    result: z.object({ noticeId: idSchema }),
    auth: 'session',
    effect: 'write',
    rights: writers,
    errors: [ErrorCode.recordNotFound],
  }),
  'gw.credit.game.notice.update': defineMethod({
    summary: 'Rewrites a game notice; the platform gets the new version',
    params: windowChecks(z.object({ noticeId: idSchema, ...gameNoticeFields })),
    result: z.object({ noticeId: idSchema }),
    auth: 'session',
    effect: 'write',
    rights: writers,
    errors: [ErrorCode.recordNotFound],
  }),
  'gw.credit.game.notice.get': defineMethod({
    summary: "The site's game notices, newest first, with whether the platform holds each, and what the platform's lobby shows now",
    // noticeId: only that notice (the editor opens one, however many there are).
    params: z.object({ ...pageParams(99), noticeId: idSchema.optional() }),
    result: pageResult(gameNoticeSchema).extend({
      lobby: z.object({
        tables: z.number().int(),
        players: z.number().int(),
        notices: z.array(z.object({ noticeId: z.string(), title: z.string() })),
      }),
    }),
    auth: 'session',
    effect: 'read',
    rights: writers,
    errors: [],
  }),
  'gw.credit.notice.delete': defineMethod({
    summary: 'Deletes a draft or a complete notice (a waiting or sending one must be revoked first)',
    params: idParams,
    result: statusAnswer,
    auth: 'session',
    effect: 'write',
    rights: writers,
    errors: [ErrorCode.recordNotFound, ErrorCode.illegalOperation],
  }),
};
