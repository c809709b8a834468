import type { MethodName } from '../contract/methods.contract';
import type { NoticeRecord } from '../contract/notice.contract';
import { allowedNoticeActions, type NoticeAction } from '../machines/notice-lifecycle.machine';
import { can } from './can';
import type { Command, CommandContext } from './command';

/** The reads a notice write makes stale: the writers' list, the readers' (landing page and marquee). */
export const noticeReads = [
  'gw.credit.notice.page',
  'gw.credit.notice.detail',
  'gw.credit.notice.layer.list',
] as const satisfies readonly MethodName[];

const methodOf = {
  PUBLISH: 'gw.credit.notice.publish',
  REVOKE: 'gw.credit.notice.revoke',
  DELETE: 'gw.credit.notice.delete',
  EDIT: 'gw.credit.notice.update',
} as const satisfies Record<NoticeAction, MethodName>;

/** The stored facts of a notice as the writers' list answers it, for the lifecycle machine. */
export function noticeFacts(notice: Pick<NoticeRecord, 'status' | 'startTime' | 'endTime'>) {
  return {
    stored: notice.status === 'draft' ? ('draft' as const) : ('published' as const),
    startTime: notice.startTime,
    endTime: notice.endTime,
  };
}

/** What the lifecycle takes for this notice now, and the caller may call. */
export function noticeActionsFor(rights: CommandContext['rights'], notice: NoticeRecord, now: Date): NoticeAction[] {
  return allowedNoticeActions(noticeFacts(notice), now).filter((action) => can(rights, methodOf[action]));
}

/** The notice's title in the interface language, else zh. */
export function noticeTitle(notice: Pick<NoticeRecord, 'title'>, language: string): string {
  return notice.title[language] || notice.title.zh || '';
}

/**
 * One action of the lifecycle on a notice: edit opens the editor; publish, revoke and delete ask
 * first (what is published reaches every reader of its level; a deleted notice is gone).
 */
export async function runNoticeAction(context: CommandContext, notice: NoticeRecord, action: NoticeAction): Promise<void> {
  if (action === 'EDIT') {
    context.navigate(`/oprateNotice/index/${notice.noticeId}`);
    return;
  }
  const name = action.toLowerCase();
  const title = noticeTitle(notice, context.language);
  const ok = await context.confirm({
    title: context.t(`notices.confirm.${name}`, { title }),
    description: context.t(`notices.confirm.${name}Message`),
    action: context.t(`notices.action.${name}`),
    destructive: action === 'DELETE',
  });
  if (!ok) return;
  try {
    const answer = await context.call(methodOf[action], { noticeId: notice.noticeId });
    context.report({
      ok: true,
      message: context.t(`notices.done.${name}`, { title, status: context.t(`notices.status.${answer.status}`) }),
    });
    context.accountsChanged(noticeReads);
  } catch (error) {
    context.report({ ok: false, error });
  }
}

const writeNotice: Command = {
  id: 'notices.add',
  group: 'accounts',
  titleKey: 'command.addNotice',
  keywords: ['notice', 'announcement', 'new notice', 'write', 'publish', '公告', '新增公告', '发布'],
  icon: 'megaphone',
  when: (rights) => can(rights, 'gw.credit.notice.add'),
  run: (context) => context.navigate('/oprateNotice/index'),
};

/** The notices the last palette page listed, so the run knows the one picked. */
const listedNotices = new Map<string, NoticeRecord>();

/** "Publish, revoke, edit or delete a notice…": a notice of the site, then what its state allows now. */
const actOnNotice: Command = {
  id: 'notices.act',
  group: 'accounts',
  titleKey: 'command.noticeAction',
  keywords: ['notice', 'publish', 'revoke', 'delete', 'edit', '公告', '发布', '撤回', '删除'],
  icon: 'megaphone',
  steps: [
    {
      placeholderKey: 'palette.chooseNotice',
      async choices(context) {
        const { list } = await context.call('gw.credit.notice.page', { pageIndex: 1, pageSize: 99 });
        listedNotices.clear();
        return list.map((notice) => {
          listedNotices.set(notice.noticeId, notice);
          return {
            id: notice.noticeId,
            title: noticeTitle(notice, context.language),
            detail: context.t(`notices.status.${notice.status}`),
            keywords: Object.values(notice.title),
          };
        });
      },
    },
    {
      placeholderKey: 'palette.chooseNoticeAction',
      choices(context, [noticeId]) {
        const notice = noticeId ? listedNotices.get(noticeId) : undefined;
        if (!notice) return [];
        return noticeActionsFor(context.rights, notice, new Date()).map((action) => ({
          id: action,
          titleKey: `notices.action.${action.toLowerCase()}`,
          keywords: [action.toLowerCase()],
        }));
      },
    },
  ],
  when: (rights) => can(rights, 'gw.credit.notice.page'),
  run: async (context, [noticeId, action]) => {
    const notice = noticeId ? listedNotices.get(noticeId) : undefined;
    if (notice && action && action in methodOf) await runNoticeAction(context, notice, action as NoticeAction);
  },
};

export const noticeCommands: Command[] = [writeNotice, actOnNotice];
