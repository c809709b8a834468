import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { allowedNoticeActions } from '@machines/notice-lifecycle.machine';
import { useCall } from '@/api/queries';
import { Skeleton } from '@/components/ui/skeleton';
import { useUrlState, type UrlStateCodec } from '@/hooks/use-url-state';
import { NoticeForm } from './notice-form';

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
