import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronLeft } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Choice, Command, CommandContext } from '@commands/command';
import { rankByTyped, rankCommandsByTyped } from '@commands/choice-ranking';
import { commandsIn, shortcutLabel } from '@commands/registry';
import {
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandShortcut,
} from '@/components/ui/command';
import { focusScreenStart } from '@/lib/focus-screen';
import { recentCommandIds, rememberCommand } from '@/lib/recent-commands';
import { useDebouncedValue } from '@/components/filters/use-debounced-value';
import { usePaletteAccounts, type Entry, type Page } from './use-palette-accounts';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** Past this many results the list is virtualized. */
const VIRTUAL_FROM = 50;
const ROW_HEIGHT = 40;
/** The centred dialog moved to the screen's foot, the whole width of the phone, as its other sheets. */
const bottomSheet =
  'inset-x-0 top-auto bottom-0 w-full max-w-none translate-x-0 translate-y-0 rounded-b-none pb-[env(safe-area-inset-bottom)] min-[992px]:w-full data-[state=open]:animate-rise-in data-[state=closed]:animate-rise-out';

function matches(entry: Entry, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((word) => entry.haystack.includes(word));
}

/** Ctrl/Cmd+K: every command the user may run, recent ones first, with nested pages for commands that ask for arguments. */
export function CommandPalette({
  open,
  onOpenChange,
  context,
  startWith,
  placement = 'centre',
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  context: CommandContext;
  /** A command whose shortcut was pressed: the palette opens on its first page. */
  startWith?: Command | null;
  /** The phone's command sheet rises from the bottom, within a thumb's reach. */
  placement?: 'centre' | 'bottom';
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState<Page | null>(startWith ? { command: startWith, picked: [] } : null);
  // The list's element as state: the dialog mounts it after the first render, and the virtualizer
  // must render again once it is there to measure it.
  const [listElement, setListElement] = useState<HTMLDivElement | null>(null);
  const step = page ? page.command.steps?.[page.picked.length] : undefined;
  const remoteQuery = useDebouncedValue(step?.remote ? query : '', 150);
  const stepQuery = step?.remote ? remoteQuery : query;
  const titleOf = useCallback(
    (command: Command) =>
      t(command.titleKey, Object.fromEntries(Object.entries(command.titleValues ?? {}).map(([name, key]) => [name, t(key)]))),
    [t],
  );

  // Local pages answer at once from what is typed; remote pages ask the gateway once typing
  // pauses, and a refusal is told by the query kit's one error handler.
  const pickedIds = useMemo(() => page?.picked.map((picked) => picked.id) ?? [], [page]);
  const localAnswer = useMemo(
    () => (page && step && !step.remote ? step.choices(context, pickedIds, query) : null),
    [page, step, context, pickedIds, query],
  );
  const synchronous = Array.isArray(localAnswer) ? localAnswer : null;
  const hint = useMemo(() => (page && step?.hint ? step.hint(context, pickedIds) : null), [page, step, context, pickedIds]);
  const remoteAnswer = useQuery({
    queryKey: ['palette-step', page?.command.id, pickedIds, stepQuery],
    queryFn: async (): Promise<Choice[]> => (step ? step.choices(context, pickedIds, stepQuery) : []),
    enabled: Boolean(page && step) && synchronous === null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // The last answer stays listed (marked stale) while the next one comes.
    placeholderData: (previous) => previous,
  });
  const choices = useMemo(
    () => (synchronous ? { list: synchronous, loading: false } : { list: remoteAnswer.data ?? [], loading: remoteAnswer.isFetching }),
    [synchronous, remoteAnswer.data, remoteAnswer.isFetching],
  );

  const accounts = usePaletteAccounts(context, query, !page);
  const entries = useMemo<Entry[]>(() => {
    if (page) {
      return choices.list.map((choice) => {
        const title = choice.title ?? t(choice.titleKey ?? '');
        return {
          value: `${page.command.id}:${page.picked.map((picked) => picked.id).join(':')}:${choice.id}`,
          title,
          ...(choice.detail ? { detail: choice.detail } : {}),
          group: titleOf(page.command),
          // What the gateway found already matches what was typed.
          haystack: step?.remote ? '' : [title, choice.id, ...choice.keywords].join(' ').toLowerCase(),
          command: page.command,
          choice,
          hasSteps: false,
        };
      });
    }
    const recent = recentCommandIds();
    const available = commandsIn(context);
    const ordered = [...available].sort((a, b) => {
      const ra = recent.indexOf(a.id);
      const rb = recent.indexOf(b.id);
      return (ra === -1 ? 99 : ra) - (rb === -1 ? 99 : rb);
    });
    return ordered.map((command) => ({
      value: command.id,
      title: titleOf(command),
      group: recent.includes(command.id)
        ? t('palette.recent')
        : command.menuGroup
          ? `${t('palette.group.navigation')} · ${t(`layout.group.${command.menuGroup}`)}`
          : t(`palette.group.${command.group}`),
      haystack: [titleOf(command), command.id, ...command.keywords].join(' ').toLowerCase(),
      ...(command.shortcut ? { shortcut: command.shortcut } : {}),
      command,
      hasSteps: Boolean(command.steps?.length),
    }));
  }, [page, choices, step, context, t, titleOf]);

  // Until the gateway has answered what is typed, older answers are not offered: Enter must never pick a stale account.
  const stale = Boolean(page) && (choices.loading || (Boolean(step?.remote) && query !== remoteQuery));
  const visible = useMemo(() => {
    if (stale) return [];
    // On a page of choices, the account named exactly what is typed comes first, then those starting with it.
    if (step?.remote) return rankByTyped(entries, query, (entry) => entry.title);
    const found = entries.filter((entry) => matches(entry, query));
    // The command named what is typed first, then names starting with it, then a word of the name or id ("freeze" before "unfreeze").
    const ordered = rankCommandsByTyped(found, query, (entry) => ({ title: entry.title, id: entry.value }));
    return page ? rankByTyped(ordered, query, (entry) => entry.title) : [...ordered, ...accounts];
  }, [entries, accounts, query, page, step, stale]);
  // The first entry is chosen whenever the list changes (a late answer too): cmdk would keep the one chosen before.
  const listKey = visible.map((entry) => entry.value).join('\n');
  const [chosen, setChosen] = useState({ listKey, value: visible[0]?.value ?? '' });
  if (chosen.listKey !== listKey) setChosen({ listKey, value: visible[0]?.value ?? '' });
  const groups = useMemo(() => {
    const byGroup = new Map<string, Entry[]>();
    for (const entry of visible) byGroup.set(entry.group, [...(byGroup.get(entry.group) ?? []), entry]);
    return [...byGroup];
  }, [visible]);
  // Only a page of choices (accounts of a line) can be long; the commands themselves stay grouped.
  const virtual = Boolean(page) && visible.length > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: virtual ? visible.length : 0,
    getScrollElement: () => listElement,
    estimateSize: () => ROW_HEIGHT,
    // Rows to draw before the list is measured: about what 60vh holds.
    initialRect: { width: 0, height: 12 * ROW_HEIGHT },
    overscan: 8,
  });

  function close() {
    onOpenChange(false);
    setPage(null);
    setQuery('');
  }

  function openPage(next: Page) {
    setPage(next);
    setQuery('');
  }

  function select(entry: Entry) {
    if (!page && entry.hasSteps && !entry.picks) {
      openPage({ command: entry.command, picked: [] });
      return;
    }
    const picked = entry.picks ?? (page && entry.choice ? [...page.picked, { id: entry.choice.id, title: entry.title }] : []);
    if (picked.length > 0 && picked.length < (entry.command.steps?.length ?? 0)) {
      openPage({ command: entry.command, picked });
      return;
    }
    rememberCommand(entry.command.id);
    close();
    const shown = document.getElementById('main')?.firstElementChild ?? null;
    const address = window.location.href;
    // Selecting closes the palette first, then runs the command (as shadcn-admin does); a screen it
    // opens takes the focus at its start (a marked field, its first filter or its table).
    setTimeout(
      () =>
        void Promise.resolve(
          entry.command.run(
            context,
            picked.map((item) => item.id),
          ),
        ).then(() => {
          if (window.location.href !== address) focusScreenStart(shown);
        }),
      0,
    );
  }

  function back() {
    if (!page) return;
    if (page.picked.length === 0) setPage(null);
    else openPage({ command: page.command, picked: page.picked.slice(0, -1) });
    setQuery('');
  }

  // Backspace in an empty step, and Escape in any step (the dialog hears it first), step back.
  function stepBack(event: { key: string; preventDefault(): void }) {
    if (!page || (event.key === 'Backspace' && query !== '') || !['Escape', 'Backspace'].includes(event.key)) return;
    event.preventDefault();
    back();
  }

  const item = (entry: Entry) => (
    <CommandItem key={entry.value} value={entry.value} onSelect={() => select(entry)} data-command-id={entry.value}>
      <span className="flex-1 truncate">{entry.title}</span>
      {entry.detail ? <span className="truncate text-xs text-muted-foreground">{entry.detail}</span> : null}
      {entry.hasSteps ? <span className="text-xs text-muted-foreground">…</span> : null}
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
      commandProps={{
        shouldFilter: false,
        loop: true,
        onKeyDown: (event) => {
          if (event.key === 'Backspace') stepBack(event);
        },
        value: chosen.value,
        onValueChange: (value) => setChosen({ listKey, value }),
      }}
      onEscapeKeyDown={stepBack}
      className={placement === 'bottom' ? bottomSheet : undefined}
    >
      {page ? (
        <button
          type="button"
          className="flex items-center gap-1 px-3 pt-2 text-left text-xs text-muted-foreground"
          onClick={back}
          tabIndex={-1}
          data-testid="palette-page"
        >
          <ChevronLeft className="size-3" aria-hidden />
          {[titleOf(page.command), ...page.picked.map((picked) => picked.title)].join(' › ')}
        </button>
      ) : null}
      <CommandInput
        autoFocus
        value={query}
        onValueChange={setQuery}
        placeholder={t(step?.placeholderKey ?? 'palette.placeholder')}
        aria-label={t(step?.placeholderKey ?? 'palette.placeholder')}
      />
      <CommandList ref={setListElement} className="max-h-[60vh]">
        <CommandEmpty>{stale ? t('app.loading') : (hint ?? t('palette.empty'))}</CommandEmpty>
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
