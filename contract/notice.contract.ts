import { z } from 'zod';
import { isoTimeSchema, pageParams, pageResult } from './common.contract';
import { defineMethod } from './method.contract';

export const noticeItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Plain text of the content, for the marquee. */
  content: z.string(),
  /** Sanitised HTML of the content. */
  contentRich: z.string(),
  publishTime: isoTimeSchema.nullable(),
  startTime: isoTimeSchema,
  endTime: isoTimeSchema,
  /** Level the notice is sent to; null is "level not specified". */
  level: z.number().int().min(0).max(5).nullable(),
});

export const noticeMethods = {
  'gw.credit.sn.notice.query': defineMethod({
    summary: 'Current notices of the site sent to no particular level (the login page and the marquee)',
    params: z.object(pageParams(99)),
    result: pageResult(noticeItemSchema),
    auth: 'public',
    effect: 'read',
    errors: [],
  }),
  'gw.credit.notice.layer.list': defineMethod({
    summary: "Current notices for the signed-in user's level (the landing page), newest first",
    params: z.object(pageParams(99)),
    result: pageResult(noticeItemSchema),
    auth: 'session',
    effect: 'read',
    errors: [],
  }),
};
