import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '@/hooks/use-notices';

export function NoticeMarquee() {
  const { t } = useTranslation();
  const { notices } = useNotices();
  if (notices.length === 0) return null;
  const text = notices.map((notice) => `${notice.title}: ${notice.content}`).join('　　•　　');
  return (
    <div
      className="flex items-center gap-2 overflow-hidden border-b bg-muted px-3 py-1.5 text-sm text-foreground"
      role="region"
      aria-label={t('notice.marquee')}
      data-testid="notice-marquee"
    >
      <Megaphone className="size-4 shrink-0 text-primary" aria-hidden />
      <div className="marquee flex-1">
        <p className="marquee-track">{text}</p>
      </div>
    </div>
  );
}
