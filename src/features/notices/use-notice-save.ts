import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { noticeReads } from '@commands/notice.commands';
import { requestKeyFor, type SentKey } from '@machines/request-key';
import { useCallMutation } from '@/api/queries';
import { showRefusal } from '@/components/form/use-contract-form';
import { toast } from '@/lib/toast';
import { toParams, type EditorForm, type Editing } from './notice-editor-values';

/** Saves the form as a new notice or over the one it edits (a game notice, or a notice and maybe its publication), then goes back to the list. */
export function useNoticeSave(form: EditorForm, { mode, notice }: Editing) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const add = useCallMutation('gw.credit.notice.add', { silent: true, invalidates: noticeReads });
  const update = useCallMutation('gw.credit.notice.update', { silent: true, invalidates: noticeReads });
  const publish = useCallMutation('gw.credit.notice.publish', { silent: true, invalidates: noticeReads });
  const addGame = useCallMutation('gw.credit.game.notice.add', { silent: true, invalidates: ['gw.credit.game.notice.get'] });
  const updateGame = useCallMutation('gw.credit.game.notice.update', { silent: true, invalidates: ['gw.credit.game.notice.get'] });
  const sent = useRef<SentKey | null>(null);
  const savedId = useRef(notice?.noticeId);
  const pending = add.isPending || update.isPending || publish.isPending || addGame.isPending || updateGame.isPending;
  const listPath = mode === 'game' ? '/notice?tab=game' : '/notice?tab=all';

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

  return { save, pending, listPath };
}
