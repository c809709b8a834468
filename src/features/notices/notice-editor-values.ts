import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { languages, type Language } from '@contract/common.contract';
import { noticeContentsSchema, noticeKinds, noticeTitlesSchema, type GameNotice, type NoticeRecord } from '@contract/notice.contract';
import { beijingInputInstant, beijingInputValue } from '@/lib/time';

export const NO_LEVEL = 'none';
export const levelChoices = [NO_LEVEL, '0', '1', '2', '3', '4', '5'] as const;
const dateTime = z.string().refine((text) => beijingInputInstant(text) !== null, 'date-time');
export const editorSchema = z
  .object({
    kind: z.enum(noticeKinds),
    level: z.enum(levelChoices),
    start: dateTime,
    end: dateTime,
    title: noticeTitlesSchema,
    content: noticeContentsSchema,
    gameCodes: z.array(z.string()),
  })
  .refine((v) => (beijingInputInstant(v.start) ?? '') <= (beijingInputInstant(v.end) ?? '\uffff'), {
    message: 'start-after-end',
    path: ['end'],
  });
export type EditorValues = z.infer<typeof editorSchema>;
export type EditorForm = UseFormReturn<EditorValues, unknown, EditorValues>;
type Texts = Record<Language, string>;

const emptyTexts = (): Texts => ({ zh: '', en: '', th: '', vi: '', id: '' });
const HOUR = 3_600_000;

/** What the form edits: a site or app notice, or a game notice (games instead of a level, no lifecycle). */
export type Editing = { mode: 'notice'; notice?: NoticeRecord } | { mode: 'game'; notice?: GameNotice };

const MINUTE = 60_000;

/** A new notice starts now (the minute the form opened) and runs a week. */
export function defaults({ mode, notice }: Editing, now = Date.now()): EditorValues {
  const start = Math.floor(now / MINUTE) * MINUTE;
  const level = mode === 'notice' ? notice?.level : undefined;
  return {
    kind: mode === 'notice' ? (notice?.kind ?? 'site') : 'site',
    level: level === null || level === undefined ? NO_LEVEL : (String(level) as EditorValues['level']),
    start: beijingInputValue(notice?.startTime ?? start),
    end: beijingInputValue(notice?.endTime ?? start + 7 * 24 * HOUR),
    title: { ...emptyTexts(), ...notice?.title },
    content: { ...emptyTexts(), ...notice?.content },
    gameCodes: mode === 'game' ? (notice?.gameCodes ?? []) : [],
  };
}

export function toParams(values: EditorValues) {
  const texts = (all: Record<string, string | undefined>) =>
    Object.fromEntries(languages.map((language) => [language, (all[language] ?? '').trim()])) as Texts;
  return {
    kind: values.kind,
    level: values.level === NO_LEVEL ? null : Number(values.level),
    startTime: beijingInputInstant(values.start)!,
    endTime: beijingInputInstant(values.end)!,
    title: texts(values.title),
    content: texts(values.content),
    gameCodes: values.gameCodes,
  };
}
