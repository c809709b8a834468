import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronLeft } from 'lucide-react';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Command, CommandContext } from '../../commands/command';
import { commandsFor, shortcutLabel } from '../../commands/registry';
import { CommandDialog, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList, CommandShortcut } from '@/components/ui/command';
import { recentCommandIds, rememberCommand } from '@/lib/recent-commands';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** Past this many results the list is virtualized. */
const VIRTUAL_FROM = 50;
const ROW_HEIGHT = 40;

interface Entry {
  value: string;
  title: string;
  group: string;
  haystack: string;
  shortcut?: string;
  command: Command;
  choice?: string;
  hasChoices: boolean;
}

function matches(entry: Entry, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((word) => entry.haystack.includes(word));
}

/** Ctrl/Cmd+K: every command the user may run, recent ones first, with nested pages for commands that take a choice. */
export function CommandPalette({ open, onOpenChange, context }: { open: boolean; onOpenChange(open: boolean): void; context: CommandContext }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState<Command | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const entries = useMemo<Entry[]>(() => {
    if (page) {
      return (page.choices?.(context) ?? []).map((choice) => ({
        value: `${page.id}:${choice.id}`,
        title: t(choice.titleKey),
        group: t(page.titleKey),
        haystack: [t(choice.titleKey), choice.id, ...choice.keywords].join(' ').toLowerCase(),
        command: page,
        choice: choice.id,
        hasChoices: false,
      }));
    }
    const recent = recentCommandIds();
    const available = commandsFor(context.rights);
    const ordered = [...available].sort((a, b) => {
      const ra = recent.indexOf(a.id);
      const rb = recent.indexOf(b.id);
      return (ra === -1 ? 99 : ra) - (rb === -1 ? 99 : rb);
    });
    return ordered.map((command) => ({
      value: command.id,
      title: t(command.titleKey),
      group: recent.includes(command.id) ? t('palette.recent') : t(`palette.group.${command.group}`),
      haystack: [t(command.titleKey), command.id, ...command.keywords].join(' ').toLowerCase(),
      ...(command.shortcut ? { shortcut: command.shortcut } : {}),
      command,
      hasChoices: Boolean(command.choices),
    }));
  }, [page, context, t]);

  const visible = useMemo(() => entries.filter((entry) => matches(entry, query)), [entries, query]);
  const groups = useMemo(() => {
    const byGroup = new Map<string, Entry[]>();
    for (const entry of visible) byGroup.set(entry.group, [...(byGroup.get(entry.group) ?? []), entry]);
    return [...byGroup];
  }, [visible]);
  const virtual = visible.length > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({ count: virtual ? visible.length : 0, getScrollElement: () => listRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });

  function close() {
    onOpenChange(false);
    setPage(null);
    setQuery('');
  }

  function select(entry: Entry) {
    if (entry.hasChoices && !entry.choice) {
      setPage(entry.command);
      setQuery('');
      return;
    }
    rememberCommand(entry.command.id);
    close();
    // Selecting closes the palette first, then runs the command (as shadcn-admin does).
    setTimeout(() => entry.command.run(context, entry.choice), 0);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (page && (event.key === 'Escape' || (event.key === 'Backspace' && query === ''))) {
      event.preventDefault();
      setPage(null);
    }
  }

  const item = (entry: Entry) => (
    <CommandItem key={entry.value} value={entry.value} onSelect={() => select(entry)} data-command-id={entry.value}>
      <span className="flex-1 truncate">{entry.title}</span>
      {entry.hasChoices ? <span className="text-xs text-muted-foreground">…</span> : null}
      {entry.shortcut ? <CommandShortcut>{shortcutLabel(entry.shortcut, isMac).join(isMac ? '' : '+')}</CommandShortcut> : null}
    </CommandItem>
  );

  return (
    <CommandDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={t('palette.title')}
      description={t('palette.description')}
      closeLabel={t('palette.close')}
      commandProps={{ shouldFilter: false, loop: true, onKeyDown }}
    >
      {page ? (
        <button type="button" className="flex items-center gap-1 px-3 pt-2 text-left text-xs text-muted-foreground" onClick={() => setPage(null)}>
          <ChevronLeft className="size-3" aria-hidden />
          {t(page.titleKey)}
        </button>
      ) : null}
      <CommandInput value={query} onValueChange={setQuery} placeholder={t('palette.placeholder')} aria-label={t('palette.placeholder')} />
      <CommandList ref={listRef} className="max-h-[60vh]">
        <CommandEmpty>{t('palette.empty')}</CommandEmpty>
        {virtual ? (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((row) => (
              <div key={row.key} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)` }}>
                {item(visible[row.index]!)}
              </div>
            ))}
          </div>
        ) : (
          groups.map(([group, items]) => (
            <CommandGroup key={group} heading={group}>
              {items.map(item)}
            </CommandGroup>
          ))
        )}
      </CommandList>
    </CommandDialog>
  );
}
