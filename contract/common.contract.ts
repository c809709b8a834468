import { z } from 'zod';
import type { TimeEnd } from './beijing-time.contract';

export const languages = ['zh', 'en', 'th', 'vi', 'id'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh';

/** Ids travel as strings (docs/product.md#the-gateway), even though the database keeps integers. */
export const idPattern = /^[1-9][0-9]{0,17}$/;
export const idSchema = z.string().regex(idPattern, 'id');

/** Times on the wire are ISO 8601 in UTC. */
export const isoTimeSchema = z.iso.datetime();

/**
 * The times a caller may send: 2000 up to the end of 2099. Earlier or later ones are no time the
 * product holds, and some are none the database or the Beijing-day arithmetic can take (the year
 * 0000 fails in PostgreSQL): such a param is refused up front (100, rule "time-range").
 */
export const TIME_PARAM_FIRST = '2000-01-01T00:00:00.000Z';
export const TIME_PARAM_LAST = '2099-12-31T23:59:59.999Z';
export const timeParamSchema = isoTimeSchema.refine(
  (text) => Date.parse(text) >= Date.parse(TIME_PARAM_FIRST) && Date.parse(text) <= Date.parse(TIME_PARAM_LAST),
  'time-range',
);

/** Which list methods' `endTime` is inclusive and which exclusive: read by `timeEndOf`. */
const timeEnds = z.registry<{ end: TimeEnd }>();
/** A list's `endTime` that is not part of the range: [startTime, endTime). */
export const exclusiveEndSchema = timeParamSchema.clone().register(timeEnds, { end: 'exclusive' });
/** A list's `endTime` that is part of the range: [startTime, endTime], to the millisecond. */
export const inclusiveEndSchema = timeParamSchema.clone().register(timeEnds, { end: 'inclusive' });

/** How the `endTime` of a method's params counts, as declared there (`exclusiveEndSchema` or `inclusiveEndSchema`). */
export function timeEndOf(params: z.ZodType): TimeEnd {
  let schema: z.ZodType | undefined = params;
  while (schema instanceof z.ZodPipe) schema = schema.in as z.ZodType;
  let end = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>).endTime : undefined;
  while (end instanceof z.ZodOptional || end instanceof z.ZodDefault) end = end.unwrap() as z.ZodType;
  const declared = end ? timeEnds.get(end)?.end : undefined;
  if (!declared) throw new TypeError('these params declare no endTime of a range');
  return declared;
}

export const pageIndexSchema = z.number().int().min(1).max(1_000_000);
/** pageSize outside 1..500 is refused with 100 (docs/product.md#the-gateway). */
export const pageSizeSchema = z.number().int().min(1).max(500);

export const pageParams = (defaultPageSize: number) => ({
  pageIndex: pageIndexSchema.default(1),
  pageSize: pageSizeSchema.default(defaultPageSize),
});

export const pageResult = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int().min(0), list: z.array(item) });

/**
 * Params every call may carry besides its payload (docs/product.md#the-gateway). They are taken off
 * before the payload is checked against the method's schema.
 */
export const envelopeParamsSchema = z.object({
  opsId: z.string().max(256).optional(),
  terminal: z.union([z.number().int(), z.string().max(16)]).optional(),
  fingerOSModel: z.string().max(512).optional(),
  host: z.string().max(255).optional(),
  ztsLang: z.string().max(16).optional(),
  /** Idempotency key of a write call, scoped to the acting main account and the method. */
  requestKey: z.string().min(1).max(64).optional(),
});
export type EnvelopeParams = z.infer<typeof envelopeParamsSchema>;
export const envelopeParamNames = Object.keys(envelopeParamsSchema.shape) as (keyof EnvelopeParams)[];

export function pickLanguage(value: unknown): Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value) ? (value as Language) : defaultLanguage;
}
