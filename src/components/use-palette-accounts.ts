import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Choice, Command, CommandContext } from '@commands/command';
import { accountEntries, findLineAccounts, mayBeLogin } from '@commands/found-accounts';
import { commandsIn } from '@commands/registry';
import { useDebouncedValue } from '@/components/filters/use-debounced-value';

export interface Entry {
  value: string;
  title: string;
  detail?: string;
  group: string;
  haystack: string;
  shortcut?: string;
  command: Command;
  choice?: Choice;
  hasSteps: boolean;
  /** An account found by name: what the command's first steps take, so it runs (or goes on) with them. */
  picks?: { id: string; title: string }[];
}

/** A nested page: the command whose steps are being answered and what was picked so far. */
export interface Page {
  command: Command;
  picked: { id: string; title: string }[];
}

const FIND_DELAY_MS = 200;

/**
 * The accounts of the caller's line whose name starts with what is typed at the top level, each in
 * a group of its own with the actions it allows now; none until the gateway answered what is typed
 * (Enter never picks an account found for older text), and none when it fails.
 */
export function usePaletteAccounts(context: CommandContext, query: string, atTop: boolean): Entry[] {
  const { t } = useTranslation();
  const typed = atTop && mayBeLogin(query) ? query.trim() : '';
  const asked = useDebouncedValue(typed, FIND_DELAY_MS);
  const answer = useQuery({
    queryKey: ['palette-accounts', context.rights.userId, asked],
    queryFn: () => findLineAccounts(context, asked),
    enabled: asked !== '',
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });
  const found = asked !== '' && asked === typed ? answer.data : undefined;
  return useMemo(() => {
    if (!found) return [];
    const commands = commandsIn(context);
    return found.flatMap((account) => {
      const group = t('palette.foundAccount', { loginId: account.loginId, level: t(`level.${account.level}`) });
      return accountEntries(commands, account, context).map(({ command, pick }) => ({
        value: `found:${account.userId}:${command.id}:${pick.picked.join(':')}`,
        title: t(pick.titleKey),
        group,
        haystack: '',
        command,
        hasSteps: pick.picked.length < (command.steps?.length ?? 0),
        picks: pick.picked.map((id, index) => ({ id, title: index === 0 ? account.loginId : t(pick.titleKey) })),
      }));
    });
  }, [found, context, t]);
}
