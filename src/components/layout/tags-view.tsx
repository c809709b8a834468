import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { screens } from '../../../commands/screens';
import { cn } from '@/lib/utils';

/** Menu screens get a tab when opened at their own path (not a sub-screen or an account's page). */
const titleKeyOf = (path: string) => screens.find((screen) => screen.menu && screen.path === path)?.labelKey;

/** Tabs of the screens visited in this session; the notice screen is pinned (spec §2). */
export function TagsView() {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const [visited, setVisited] = useState<string[]>(['/notice']);
  useEffect(() => {
    if (titleKeyOf(location)) setVisited((current) => (current.includes(location) ? current : [...current, location]));
  }, [location]);

  function close(path: string) {
    const next = visited.filter((other) => other !== path);
    setVisited(next);
    if (path === location) navigate(next[next.length - 1] ?? '/notice');
  }

  return (
    <nav aria-label={t('layout.tags')} className="flex gap-1 overflow-x-auto border-b bg-background px-2 py-1" data-testid="tags-view">
      {visited.map((path) => (
        <span
          key={path}
          className={cn(
            'flex items-center gap-1 rounded border px-2 py-0.5 text-xs',
            path === location ? 'border-primary bg-primary text-primary-foreground' : 'bg-card',
          )}
        >
          <Link href={path} aria-current={path === location ? 'page' : undefined}>
            {t(titleKeyOf(path) ?? 'route.notice')}
          </Link>
          {path !== '/notice' ? (
            <button
              type="button"
              onClick={() => close(path)}
              aria-label={t('layout.closeTag', { name: t(titleKeyOf(path) ?? '') })}
              className="rounded hover:bg-black/10"
            >
              <X className="size-3" aria-hidden />
            </button>
          ) : null}
        </span>
      ))}
    </nav>
  );
}
