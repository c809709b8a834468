import { CircleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { safeNoticeHtml } from '@/lib/safe-html';
import { Link, useLocation, useParams } from 'wouter';
import { z } from 'zod';
import { gameName } from '../../../commands/game.commands';
import { noticeReads } from '../../../commands/notice.commands';
import { languages, type Language } from '../../../contract/common.contract';
import {
  noticeContentsSchema,
  noticeKinds,
  noticeTitlesSchema,
  requiredNoticeLanguages,
  type GameNotice,
  type NoticeKind,
  type NoticeRecord,
} from '../../../contract/notice.contract';
import { allowedNoticeActions } from '../../../machines/notice-lifecycle.machine';
import { useCall, useCallMutation } from '@/api/queries';
import { FormField } from '@/components/form-field';
import { useFieldProblem } from '@/components/form/text-field';
import { requestKeyFor, showRefusal, useSchemaForm, type SentKey } from '@/components/form/use-contract-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/lib/toast';
import { useUrlState, type UrlStateCodec } from '@/hooks/use-url-state';
import { beijingInputInstant, beijingInputValue } from '@/lib/time';
import { RichTextEditor } from './rich-text-editor';

const NO_LEVEL = 'none';
const levelChoices = [NO_LEVEL, '0', '1', '2', '3', '4', '5'] as const;
const dateTime = z.string().refine((text) => beijingInputInstant(text) !== null, 'date-time');
const editorSchema = z
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
type EditorValues = z.infer<typeof editorSchema>;
type Texts = Record<Language, string>;

const emptyTexts = (): Texts => ({ zh: '', en: '', th: '', vi: '', id: '' });
const HOUR = 3_600_000;

/** What the form edits: a site or app notice, or a game notice (games instead of a level, no lifecycle). */
type Editing = { mode: 'notice'; notice?: NoticeRecord } | { mode: 'game'; notice?: GameNotice };

function defaults({ mode, notice }: Editing): EditorValues {
  const start = Math.ceil(Date.now() / HOUR) * HOUR;
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

function toParams(values: EditorValues) {
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

const gameFlag: UrlStateCodec<{ game: string }> = {
  parse: (query) => ({ game: new URLSearchParams(query).get('game') === '1' ? '1' : '' }),
  serialize: (value) => (value.game ? 'game=1' : ''),
};

/** /oprateNotice/index[/:noticeId]: writes a new notice, or rewrites a draft, in every language, and previews it as each level will see it. */
export default function NoticeEditorScreen() {
  const { noticeId } = useParams<{ noticeId?: string }>();
  const [{ game }] = useUrlState(gameFlag);
  if (game) return <GameNoticeEditor noticeId={noticeId} />;
  return <NoticeEditor noticeId={noticeId} />;
}

function GameNoticeEditor({ noticeId }: { noticeId?: string }) {
  const { t } = useTranslation();
  const games = useCall('gw.credit.game.notice.get', { pageIndex: 1, pageSize: 1, noticeId }, { enabled: Boolean(noticeId) });
  const notice = games.data?.list.find((each) => each.noticeId === noticeId);
  const title = t(noticeId ? 'notices.editGameTitle' : 'notices.addGameTitle');
  if (noticeId && !notice) {
    return (
      <section className="space-y-3" data-testid="notice-editor">
        <h1 className="text-xl font-semibold">{title}</h1>
        {games.isPending ? <Skeleton className="h-64 w-full" /> : <p role="alert">{t('notices.notFound')}</p>}
      </section>
    );
  }
  return <NoticeForm key={notice?.noticeId ?? 'new-game'} editing={{ mode: 'game', notice }} title={title} />;
}

function NoticeEditor({ noticeId }: { noticeId?: string }) {
  const { t } = useTranslation();
  const detail = useCall('gw.credit.notice.detail', { noticeId: noticeId ?? '' }, { enabled: Boolean(noticeId) });
  const title = t(noticeId ? 'notices.editTitle' : 'notices.addTitle');

  if (noticeId && !detail.data) {
    return (
      <section className="space-y-3" data-testid="notice-editor">
        <h1 className="text-xl font-semibold">{title}</h1>
        {detail.isError ? <p role="alert">{t('notices.notFound')}</p> : <Skeleton className="h-64 w-full" />}
      </section>
    );
  }
  const notice = detail.data;
  if (
    notice &&
    !allowedNoticeActions({ stored: notice.status === 'draft' ? 'draft' : 'published', ...notice }, new Date()).includes('EDIT')
  ) {
    return (
      <section className="space-y-3" data-testid="notice-editor">
        <h1 className="text-xl font-semibold">{title}</h1>
        <p role="alert" data-testid="notice-not-editable">
          {t('notices.notEditable', { status: t(`notices.status.${notice.status}`) })}
        </p>
        <Link href="/notice?tab=all" className="text-primary underline">
          {t('notices.backToList')}
        </Link>
      </section>
    );
  }
  return <NoticeForm key={notice?.noticeId ?? 'new'} editing={{ mode: 'notice', notice }} title={title} />;
}

function NoticeForm({ editing, title }: { editing: Editing; title: string }) {
  const { notice, mode } = editing;
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const form = useSchemaForm<EditorValues>(editorSchema, defaults(editing));
  const add = useCallMutation('gw.credit.notice.add', { silent: true, invalidates: noticeReads });
  const update = useCallMutation('gw.credit.notice.update', { silent: true, invalidates: noticeReads });
  const publish = useCallMutation('gw.credit.notice.publish', { silent: true, invalidates: noticeReads });
  const addGame = useCallMutation('gw.credit.game.notice.add', { silent: true, invalidates: ['gw.credit.game.notice.get'] });
  const updateGame = useCallMutation('gw.credit.game.notice.update', { silent: true, invalidates: ['gw.credit.game.notice.get'] });
  const sent = useRef<SentKey | null>(null);
  const savedId = useRef(notice?.noticeId);
  const [language, setLanguage] = useState<Language>('zh');
  const values = useWatch({ control: form.control }) as EditorValues;
  const missing = requiredNoticeLanguages.filter((code) => !values.title?.[code]?.trim() || !values.content?.[code]?.trim());
  const pending = add.isPending || update.isPending || publish.isPending || addGame.isPending || updateGame.isPending;
  const listPath = mode === 'game' ? '/notice?tab=game' : '/notice?tab=all';

  // A refusal that names a language's field opens that language's tab.
  const { errors } = form.formState;
  useEffect(() => {
    const first = languages.find((code) => errors.title?.[code] || errors.content?.[code]);
    if (first) setLanguage(first);
  }, [errors]);

  const save = (andPublish: boolean) =>
    form.handleSubmit(async (valid) => {
      const { gameCodes, ...params } = toParams(valid);
      sent.current = requestKeyFor(sent.current, { ...params, gameCodes, mode, noticeId: savedId.current });
      try {
        if (mode === 'game') {
          const { kind: _kind, level: _level, ...texts } = params;
          const game = { ...texts, gameCodes, requestKey: sent.current.key };
          if (savedId.current) await updateGame.mutateAsync({ ...game, noticeId: savedId.current });
          else savedId.current = (await addGame.mutateAsync(game)).noticeId;
          sent.current = null;
          toast(t('notices.gameSaved', { title: params.title.zh }), { variant: 'success' });
          navigate(listPath);
          return;
        }
        if (savedId.current) await update.mutateAsync({ ...params, noticeId: savedId.current, requestKey: sent.current.key });
        else savedId.current = (await add.mutateAsync({ ...params, requestKey: sent.current.key })).noticeId;
        sent.current = null;
        if (andPublish) {
          const answer = await publish.mutateAsync({ noticeId: savedId.current });
          toast(t('notices.done.publish', { title: params.title.zh, status: t(`notices.status.${answer.status}`) }), {
            variant: 'success',
          });
        } else toast(t('notices.saved', { title: params.title.zh }), { variant: 'success' });
        navigate(listPath);
      } catch (error) {
        // A refusal of the window (37160: its end has passed) is the one toast; the rest land on their fields.
        showRefusal(form, error, ['title', 'content', 'kind', 'level', 'gameCodes']);
      }
    })();

  return (
    <section className="space-y-4" data-testid="notice-editor">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{title}</h1>
        <Link href={listPath} className="text-sm text-primary underline">
          {t('notices.backToList')}
        </Link>
      </div>
      <form className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(18rem,2fr)]" onSubmit={(event) => event.preventDefault()} noValidate>
        <div className="grid content-start gap-4">
          <div className="grid gap-3 sm:grid-cols-2">
            {mode === 'notice' ? (
              <>
                <ChoiceField
                  form={form}
                  name="kind"
                  label={t('notices.field.kind')}
                  options={noticeKinds.map((kind) => ({ value: kind, label: t(`notices.kind.${kind}`) }))}
                />
                <ChoiceField
                  form={form}
                  name="level"
                  label={t('notices.field.level')}
                  options={levelChoices.map((level) => ({
                    value: level,
                    label: level === NO_LEVEL ? t('notices.anyLevel') : t(`level.${level}`),
                  }))}
                />
              </>
            ) : (
              <GameChoice form={form} />
            )}
            <TimeField form={form} name="start" label={t('notices.field.start')} />
            <TimeField form={form} name="end" label={t('notices.field.end')} />
          </div>
          {missing.length > 0 ? (
            <p
              className="flex items-center gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 px-3 py-2 text-sm"
              role="status"
              data-testid="notice-missing"
            >
              <CircleAlert className="size-4 shrink-0 text-amber-600" aria-hidden />
              {t('notices.missingLanguages', { languages: missing.map((code) => t(`language.${code}`)).join(', ') })}
            </p>
          ) : null}
          <Tabs value={language} onValueChange={(next) => setLanguage(next as Language)}>
            <TabsList aria-label={t('notices.languages')}>
              {languages.map((code) => (
                <TabsTrigger key={code} value={code} data-testid={`notice-tab-${code}`}>
                  {t(`language.${code}`)}
                  {(requiredNoticeLanguages as readonly string[]).includes(code) ? (
                    missing.includes(code as (typeof missing)[number]) ? (
                      <CircleAlert className="size-3.5 text-amber-600" aria-label={t('notices.languageMissing')} />
                    ) : (
                      <span aria-hidden>*</span>
                    )
                  ) : null}
                </TabsTrigger>
              ))}
            </TabsList>
            {languages.map((code) => (
              <TabsContent key={code} value={code} className="grid gap-3" forceMount hidden={code !== language}>
                <LanguageFields form={form} language={code} />
              </TabsContent>
            ))}
          </Tabs>
          <div className="flex flex-wrap gap-2">
            {mode === 'game' ? (
              <Button type="button" disabled={pending} onClick={() => void save(false)} data-testid="notice-save-game">
                {t('notices.saveGame')}
              </Button>
            ) : (
              <>
                <Button type="button" variant="outline" disabled={pending} onClick={() => void save(false)} data-testid="notice-save">
                  {t('notices.saveDraft')}
                </Button>
                <Button type="button" disabled={pending} onClick={() => void save(true)} data-testid="notice-save-publish">
                  {t('notices.saveAndPublish')}
                </Button>
              </>
            )}
          </div>
        </div>
        <NoticePreview values={values} language={language} interfaceLanguage={i18n.language} game={mode === 'game'} />
      </form>
    </section>
  );
}

function LanguageFields({ form, language }: { form: UseFormReturn<EditorValues, unknown, EditorValues>; language: Language }) {
  const { t } = useTranslation();
  const titleProblem = useFieldProblem(form, `title.${language}`, { max: 200 }, { too_big: 'notices.rule.titleLength' });
  const contentProblem = useFieldProblem(form, `content.${language}`);
  const name = t(`language.${language}`);
  return (
    <>
      <FormField id={`notice-title-${language}`} label={t('notices.field.title', { language: name })} problem={titleProblem}>
        <Input
          id={`notice-title-${language}`}
          maxLength={200}
          {...form.register(`title.${language}`)}
          data-testid={`notice-title-${language}`}
        />
      </FormField>
      <div className="grid gap-1.5">
        <span className="text-sm font-medium" id={`notice-content-${language}-label`}>
          {t('notices.field.content', { language: name })}
        </span>
        <Controller
          control={form.control}
          name={`content.${language}`}
          render={({ field }) => (
            <RichTextEditor
              value={field.value ?? ''}
              onChange={field.onChange}
              label={t('notices.field.content', { language: name })}
              invalid={Boolean(contentProblem)}
              testId={`notice-content-${language}`}
            />
          )}
        />
        {contentProblem ? (
          <p className="text-sm text-destructive" role="alert">
            {contentProblem}
          </p>
        ) : null}
      </div>
    </>
  );
}

function ChoiceField<N extends 'kind' | 'level'>({
  form,
  name,
  label,
  options,
}: {
  form: UseFormReturn<EditorValues, unknown, EditorValues>;
  name: N;
  label: string;
  options: { value: string; label: string }[];
}) {
  return (
    <FormField id={`notice-${name}`} label={label}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger id={`notice-${name}`} className="w-full" data-testid={`notice-${name}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );
}

/** The games a game notice is for: none ticked is every game. */
function GameChoice({ form }: { form: UseFormReturn<EditorValues, unknown, EditorValues> }) {
  const { t } = useTranslation();
  const games = useCall('gw.credit.game.list', {}, { silent: true, staleTime: 60_000 });
  return (
    <fieldset className="grid gap-1.5 sm:col-span-2" data-testid="notice-games">
      <legend className="text-sm font-medium">{t('notices.field.games')}</legend>
      <Controller
        control={form.control}
        name="gameCodes"
        render={({ field }) => (
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {(games.data?.list ?? []).map((game) => (
              <label key={game.gameCode} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={field.value.includes(game.gameCode)}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked ? [...field.value, game.gameCode] : field.value.filter((code) => code !== game.gameCode),
                    )
                  }
                  data-testid={`notice-game-${game.gameCode}`}
                />
                {gameName(t, game)}
              </label>
            ))}
          </div>
        )}
      />
      <p className="text-xs text-muted-foreground">{t('notices.allGamesHint')}</p>
    </fieldset>
  );
}

function TimeField({
  form,
  name,
  label,
}: {
  form: UseFormReturn<EditorValues, unknown, EditorValues>;
  name: 'start' | 'end';
  label: string;
}) {
  const { t } = useTranslation();
  const problem = useFieldProblem(form, name);
  return (
    <FormField id={`notice-${name}`} label={`${label} (${t('notices.beijingTime')})`} problem={problem}>
      <Input id={`notice-${name}`} type="datetime-local" step={1} {...form.register(name)} data-testid={`notice-${name}`} />
    </FormField>
  );
}

/** How the notice will look to a reader of one level in one language: its language, else zh; or that the level will not see it. */
function NoticePreview({
  values,
  language,
  interfaceLanguage,
  game,
}: {
  values: EditorValues;
  language: Language;
  interfaceLanguage: string;
  game: boolean;
}) {
  const { t } = useTranslation();
  const [level, setLevel] = useState('0');
  const pick = (texts: Record<string, string | undefined> | undefined) => texts?.[language]?.trim() || texts?.zh?.trim() || '';
  const sees = game || values.level === NO_LEVEL || values.level === level;
  const kind: NoticeKind = values.kind;
  return (
    <aside
      className="grid content-start gap-3 rounded-md border p-3"
      aria-label={t('notices.preview')}
      data-testid="notice-preview"
      lang={interfaceLanguage}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{t('notices.preview')}</h2>
        <Select value={level} onValueChange={setLevel} disabled={game}>
          <SelectTrigger className="w-44" aria-label={t('notices.previewAs')} data-testid="notice-preview-level">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {['0', '1', '2', '3', '4', '5'].map((code) => (
              <SelectItem key={code} value={code}>
                {t('notices.previewAsLevel', { level: t(`level.${code}`) })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <p className="text-xs text-muted-foreground">{t(game ? 'notices.kindHint.game' : `notices.kindHint.${kind}`)}</p>
      {sees ? (
        <article className="grid gap-2" data-testid="notice-preview-body">
          <h3 className="font-semibold">{pick(values.title) || t('notices.untitled')}</h3>
          {/* The server sanitises again when the notice is saved. */}
          <div className="notice-rich text-sm" dangerouslySetInnerHTML={{ __html: safeNoticeHtml(pick(values.content)) }} />
        </article>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="notice-preview-hidden">
          {t('notices.previewNotShown', { level: t(`level.${level}`) })}
        </p>
      )}
    </aside>
  );
}
