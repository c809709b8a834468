import { useTranslation } from 'react-i18next';
import { NoticeCards } from '@/components/notice-cards';
import { useNotices } from '@/hooks/use-notices';

/** /notice on a phone: the current notices, one card each, full width. */
export default function MobileNoticeScreen() {
  const { t } = useTranslation();
  return (
    <section className="space-y-3" data-testid="mobile-notice-screen">
      <h1 className="text-lg font-semibold">{t('route.notice')}</h1>
      <NoticeCards {...useNotices()} />
    </section>
  );
}
