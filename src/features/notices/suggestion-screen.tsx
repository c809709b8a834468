import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { can } from '@commands/can';
import { suggestionReads } from '@commands/suggestion.commands';
import type { ParamsIn } from '@contract/methods.contract';
import {
  SUGGESTION_REPLY_MAX,
  suggestionKinds,
  suggestionReplyRule,
  suggestionStatuses,
  type Suggestion,
} from '@contract/suggestion.contract';
import { useCallMutation, useInfiniteCall } from '@/api/queries';
import { useDataTable } from '@/components/data-table/data-table';
import { ListScreen } from '@/components/data-table/list-screen';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { SelectFilter } from '@/components/filters/select-filter';
import { FormField } from '@/components/form-field';
import { showRefusal, useSchemaForm } from '@/components/form/use-contract-form';
import { useFieldProblem } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { useCommands, useRights } from '@/hooks/use-command-context';
import { useFormat } from '@/hooks/use-format';
import { rangeFields, useStableValue } from '@/hooks/use-list-screen';
import { urlStateCodec, useUrlState } from '@/hooks/use-url-state';
import { toast } from '@/lib/toast';
import { rangeTimes } from '@/lib/time';
import { suggestionColumns } from './suggestion-columns';

const viewState = urlStateCodec(
  {
    status: z.enum(suggestionStatuses),
    kind: z.enum(suggestionKinds),
    ...rangeFields,
    reply: z.string().regex(/^[1-9][0-9]{0,17}$/),
  },
  { status: '' as never, kind: '' as never, start: '', end: '', reply: '' },
);
const replySchema = z.object({ reply: suggestionReplyRule });

/** Suggestions and complaints the line's members wrote in the app: newest first, marked read, answered. */
export default function SuggestionScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const rights = useRights();
  const commands = useCommands();
  const [view, setView] = useUrlState(viewState);
  const range = { start: view.start, end: view.end };
  const params: Omit<ParamsIn<'gw.credit.suggestion.page'>, 'pageIndex' | 'pageSize'> = {};
  if (view.status) params.status = view.status;
  if (view.kind) params.kind = view.kind;
  const query = useStableValue({ ...params, ...rangeTimes('gw.credit.suggestion.page', range) });
  const pages = useInfiniteCall('gw.credit.suggestion.page', query);
  const newCount = pages.first?.newCount ?? 0;
  const mayAnswer = can(rights, 'gw.credit.suggestion.reply');
  const answering = pages.rows.find((row) => row.suggestionId === view.reply) ?? null;

  const columns = useMemo(
    () => suggestionColumns(t, format, mayAnswer, commands, (row) => setView({ reply: row.suggestionId })),
    [t, format, mayAnswer, commands, setView],
  );
  const model = useDataTable({ columns, data: pages.rows, getRowId: (row) => row.suggestionId });

  const filters = (
    <>
      <SelectFilter
        label={t('suggestions.column.status')}
        value={view.status}
        onChange={(status) => setView({ status: status as never }, 'replace')}
        options={suggestionStatuses.map((status) => ({ value: status, label: t(`suggestions.status.${status}`) }))}
        data-testid="suggestions-status"
      />
      <SelectFilter
        label={t('suggestions.column.kind')}
        value={view.kind}
        onChange={(kind) => setView({ kind: kind as never }, 'replace')}
        options={suggestionKinds.map((kind) => ({ value: kind, label: t(`suggestions.kind.${kind}`) }))}
        data-testid="suggestions-kind"
      />
      <DateRangeFilter
        value={range}
        onChange={(next) => setView({ start: next.start, end: next.end }, 'replace')}
        data-testid="suggestions-range"
      />
    </>
  );

  return (
    <ListScreen
      title={t('route.suggestion')}
      testId="suggestion-screen"
      model={model}
      filters={filters}
      status={
        <span className="text-sm text-muted-foreground" role="status" data-testid="suggestions-total" data-new={newCount}>
          {t('suggestions.total', { count: pages.total, fresh: newCount })}
        </span>
      }
      exportAs={{ sheet: t('route.suggestion'), disabled: pages.rows.length === 0, testId: 'suggestions-export' }}
      table={{
        total: pages.total,
        loading: pages.isFetching,
        empty: t('suggestions.empty'),
        onEndReached: pages.loadMore,
        rowHeight: 64,
        minWidth: '80rem',
        testId: 'suggestion-rows',
        rowTestId: 'suggestion-row',
        rowAttributes: (row) => ({ 'data-suggestion-id': row.suggestionId }),
      }}
    >
      {answering ? (
        <ReplyDialog key={answering.suggestionId} suggestion={answering} onClose={() => setView({ reply: '' }, 'replace')} />
      ) : null}
    </ListScreen>
  );
}

function ReplyDialog({ suggestion, onClose }: { suggestion: Suggestion; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useSchemaForm(replySchema, { reply: suggestion.reply ?? '' });
  const reply = useCallMutation('gw.credit.suggestion.reply', { silent: true, invalidates: suggestionReads });
  const problem = useFieldProblem(
    form,
    'reply',
    { max: SUGGESTION_REPLY_MAX },
    { 'reply-required': 'suggestions.replyRequired', 'reply-too-long': 'suggestions.replyTooLong' },
  );
  const submit = form.handleSubmit(async (values) => {
    try {
      await reply.mutateAsync({ suggestionId: suggestion.suggestionId, reply: values.reply });
      toast(t('suggestions.answered', { account: suggestion.loginId }), { variant: 'success' });
      onClose();
    } catch (error) {
      showRefusal(form, error, ['reply']);
    }
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent data-testid="suggestion-reply-dialog">
        <DialogHeader>
          <DialogTitle>{t('suggestions.replyTitle', { account: suggestion.loginId })}</DialogTitle>
          <DialogDescription>{suggestion.title}</DialogDescription>
        </DialogHeader>
        <blockquote className="max-h-40 overflow-auto border-s-4 ps-3 text-sm whitespace-pre-wrap text-muted-foreground">
          {suggestion.content}
        </blockquote>
        <form className="grid gap-3" onSubmit={submit} noValidate>
          <FormField id="suggestion-reply-text" label={t('suggestions.replyLabel')} problem={problem}>
            <Textarea
              id="suggestion-reply-text"
              rows={5}
              maxLength={SUGGESTION_REPLY_MAX}
              {...form.register('reply')}
              data-testid="suggestion-reply-text"
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              {t('suggestions.cancel')}
            </Button>
            <Button type="submit" disabled={reply.isPending} data-testid="suggestion-reply-send">
              {t('suggestions.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
