import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ContextMenu, ContextMenuContent, ContextMenuItem, ContextMenuTrigger } from '@/components/ui/context-menu';
import { PINNED_TAG, tagTitleKey, type useOpenTags } from '@/hooks/use-open-tags';
import { cn } from '@/lib/utils';

/** Tabs of the screens visited in this session, on one row that scrolls; the notice screen is pinned (docs/product.md#layout). */
export function TagsView({ tags }: { tags: ReturnType<typeof useOpenTags> }) {
  const { t } = useTranslation();
  const strip = useRef<HTMLDivElement>(null);
  const { open, active, close } = tags;

  useEffect(() => {
    const list = strip.current;
    const tab = list?.querySelector<HTMLElement>('[data-active="true"]');
    if (!list || !tab) return;
    if (tab.offsetLeft < list.scrollLeft) list.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = tab.offsetLeft + tab.offsetWidth - list.clientWidth;
  }, [active, open]);

  useEffect(() => {
    const list = strip.current;
    if (!list) return;
    const onWheel = (event: WheelEvent) => {
      if (list.scrollWidth <= list.clientWidth || Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return;
      event.preventDefault();
      list.scrollLeft += event.deltaY;
    };
    list.addEventListener('wheel', onWheel, { passive: false });
    return () => list.removeEventListener('wheel', onWheel);
  }, []);

  const scroll = (direction: 1 | -1) => strip.current?.scrollBy({ left: direction * strip.current.clientWidth * 0.75 });
  const arrow = 'shrink-0 rounded p-1 text-muted-foreground hover:bg-accent hover:text-accent-foreground';

  return (
    <nav aria-label={t('layout.tags')} className="flex items-center gap-1 border-b bg-background px-1" data-testid="tags-view">
      <button type="button" className={arrow} onClick={() => scroll(-1)} aria-label={t('layout.scrollTagsBack')} data-testid="tags-back">
        <ChevronLeft className="size-4" aria-hidden />
      </button>
      <div ref={strip} className="relative flex min-w-0 flex-1 gap-1 overflow-x-auto py-1 [scrollbar-width:none]" data-testid="tags-strip">
        {open.map((path) => (
          <ContextMenu key={path}>
            <ContextMenuTrigger asChild>
              <span
                data-testid="tag"
                data-path={path}
                data-active={path === active ? 'true' : 'false'}
                className={cn(
                  'flex shrink-0 items-center gap-1 rounded border px-2 py-0.5 text-xs whitespace-nowrap',
                  path === active ? 'border-primary bg-primary text-primary-foreground' : 'bg-card',
                )}
              >
                <Link href={path} aria-current={path === active ? 'page' : undefined}>
                  {t(tagTitleKey(path) ?? 'route.notice')}
                </Link>
                {path !== PINNED_TAG ? (
                  <button
                    type="button"
                    onClick={() => close('one', path)}
                    aria-label={t('layout.closeTag', { name: t(tagTitleKey(path) ?? '') })}
                    className="rounded hover:bg-black/10"
                  >
                    <X className="size-3" aria-hidden />
                  </button>
                ) : null}
              </span>
            </ContextMenuTrigger>
            <ContextMenuContent className="min-w-40" data-testid="tag-menu">
              <ContextMenuItem onSelect={() => close('others', path)} data-testid="tag-close-others">
                {t('command.closeOtherTags')}
              </ContextMenuItem>
              <ContextMenuItem onSelect={() => close('right', path)} data-testid="tag-close-right">
                {t('command.closeTagsToRight')}
              </ContextMenuItem>
              <ContextMenuItem onSelect={() => close('all', path)} data-testid="tag-close-all">
                {t('command.closeAllTags')}
              </ContextMenuItem>
            </ContextMenuContent>
          </ContextMenu>
        ))}
      </div>
      <button
        type="button"
        className={arrow}
        onClick={() => scroll(1)}
        aria-label={t('layout.scrollTagsForward')}
        data-testid="tags-forward"
      >
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </nav>
  );
}
