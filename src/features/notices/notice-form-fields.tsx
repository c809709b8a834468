import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { gameName } from '@commands/game.commands';
import type { Language } from '@contract/common.contract';
import { useCall } from '@/api/queries';
import { FormField } from '@/components/form-field';
import { useFieldProblem } from '@/components/form/text-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { EditorForm } from './notice-editor-values';
import { RichTextEditor } from './rich-text-editor';

export function LanguageFields({ form, language }: { form: EditorForm; language: Language }) {
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

export function ChoiceField<N extends 'kind' | 'level'>({
  form,
  name,
  label,
  options,
}: {
  form: EditorForm;
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
export function GameChoice({ form }: { form: EditorForm }) {
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

export function TimeField({ form, name, label }: { form: EditorForm; name: 'start' | 'end'; label: string }) {
  const { t } = useTranslation();
  const problem = useFieldProblem(form, name);
  return (
    <FormField id={`notice-${name}`} label={`${label} (${t('notices.beijingTime')})`} problem={problem}>
      <Input id={`notice-${name}`} type="datetime-local" step={1} {...form.register(name)} data-testid={`notice-${name}`} />
    </FormField>
  );
}
