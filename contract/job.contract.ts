import { z } from 'zod';
import { backOffice } from './account-fields.contract';
import { amountSchema, percentSchema } from './amount.contract';
import { idSchema } from './common.contract';
import { ErrorCode } from './errors.contract';
import { defineMethod } from './method.contract';
import { passwordRule, safeCodeRule } from './rules.contract';

/**
 * Bulk actions and exports run as background jobs stored in the database; each answers a jobId
 * read by job.get. A bulk action is a list of items with a result each; an export is one task
 * that counts the rows it has written and ends with a file.
 */
export const jobKinds = ['user.add.batch', 'user.all.enable', 'user.all.disable', 'export'] as const;

/** What an export writes: a workbook, or CSV (UTF-8 with a BOM). */
export const exportFormats = ['xlsx', 'csv'] as const;
export const exportFormatSchema = z.enum(exportFormats).default('xlsx');
/** Rows one export may hold; more is refused (100, rule "export-too-large"). */
export const MAX_EXPORT_ROWS = 100_000;
export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;

/** Accounts one bulk enable or disable may name. */
export const MAX_BULK_ACCOUNTS = 500;
/** Members one batch may add (docs/product.md#bulk-actions). */
export const MAX_BATCH_MEMBERS = 100;

const jobStarted = z.object({ jobId: idSchema });
const bulkIds = z.array(idSchema).min(1).max(MAX_BULK_ACCOUNTS);

export const jobResultSchema = z.object({
  loginId: z.string(),
  userId: idSchema.optional(),
  /** Why this account failed; the others go on. */
  error: z.object({ code: z.number().int(), message: z.string(), rule: z.string().optional() }).optional(),
});

export const jobMethods = {
  'gw.credit.user.add.batch': defineMethod({
    summary:
      'Adds up to 100 members under the calling agent as a background job: names are the prefix and a number from start (at least 3 digits), e.g. vip001; a taken name fails alone',
    params: z.object({
      /** 1-12 letters, digits, _ or -; with the number the name stays within 4-16 characters. */
      prefix: z.string().regex(/^[A-Za-z0-9_-]{1,12}$/, 'prefix'),
      start: z.number().int().min(1).max(9999).default(1),
      count: z.number().int().min(1).max(MAX_BATCH_MEMBERS),
      password: passwordRule,
      safeCode: safeCodeRule.default('0000'),
      pointLimit: amountSchema,
      validAmountRate: percentSchema.default(0),
    }),
    result: jobStarted,
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: { levels: [4], accessCode: 2 },
    errors: [ErrorCode.cannotOperate, ErrorCode.agentLineFrozen, ErrorCode.memberMaximum],
  }),
  'gw.credit.user.all.enable': defineMethod({
    summary: 'Enables (or unfreezes) many direct children as a background job; an account that cannot be enabled fails alone',
    params: z.object({ userIds: bulkIds }),
    result: jobStarted,
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: { levels: backOffice, accessCode: 4 },
    // 20002: an id outside the caller's line or site refuses the whole call.
    errors: [ErrorCode.accountNotFound, ErrorCode.cannotOperate, ErrorCode.agentLineFrozen],
  }),
  'gw.credit.user.all.disable': defineMethod({
    summary:
      'Disables (mode "lock") or freezes (mode "freeze") many direct children as a background job; their sessions end as each is done',
    params: z.object({ userIds: bulkIds, mode: z.enum(['lock', 'freeze']).default('lock') }),
    result: jobStarted,
    auth: 'session',
    effect: 'write',
    changesDownline: true,
    rights: { levels: backOffice, accessCode: 4 },
    // 20002: an id outside the caller's line or site refuses the whole call.
    errors: [ErrorCode.accountNotFound, ErrorCode.cannotOperate, ErrorCode.agentLineFrozen],
  }),
  'gw.credit.job.get': defineMethod({
    summary: 'Progress and per-account outcome of a background job the caller started; an export answers its fileId when done',
    params: z.object({ jobId: idSchema }),
    result: z.object({
      jobId: idSchema,
      kind: z.enum(jobKinds),
      status: z.enum(jobStatuses),
      done: z.number().int().min(0),
      total: z.number().int().min(0),
      results: z.array(jobResultSchema),
      /** An export's file once it is done, for POST /api/files/<fileId> (24 hours). */
      fileId: idSchema.optional(),
    }),
    auth: 'session',
    effect: 'read',
    // No code of its own: whoever could start a job may follow it (a clerk with code 6 its export).
    rights: { levels: backOffice },
    errors: [ErrorCode.recordNotFound],
  }),
};
