import type { Suggestion } from '../contract/suggestion.contract';
import { can } from './can';
import type { Command, CommandContext } from './command';

export const suggestionReads = ['gw.credit.suggestion.page', 'gw.credit.suggestion.count'] as const;
export const SUGGESTION_SCREEN = '/suggestion/index';

/** Marks a member's suggestion read (the menu's count goes down). */
export async function markSuggestionRead(context: CommandContext, suggestion: Pick<Suggestion, 'suggestionId' | 'title'>): Promise<void> {
  try {
    await context.call('gw.credit.suggestion.read', { suggestionId: suggestion.suggestionId });
    context.report({ ok: true, message: context.t('suggestions.markedRead', { title: suggestion.title }) });
    context.accountsChanged(suggestionReads);
  } catch (error) {
    context.report({ ok: false, error });
  }
}

const listed = new Map<string, Suggestion>();

/** "Answer a suggestion…": one not yet answered, then its answer is written on the suggestions screen. */
const answerSuggestion: Command = {
  id: 'suggestions.reply',
  group: 'accounts',
  titleKey: 'command.answerSuggestion',
  keywords: ['suggestion', 'complaint', 'reply', 'answer', '建议', '投诉', '回复'],
  icon: 'message-square',
  steps: [
    {
      placeholderKey: 'palette.chooseSuggestion',
      async choices(context) {
        const pages = await Promise.all(
          (['new', 'read'] as const).map((status) => context.call('gw.credit.suggestion.page', { status, pageIndex: 1, pageSize: 50 })),
        );
        listed.clear();
        return pages
          .flatMap((page) => page.list)
          .map((suggestion) => {
            listed.set(suggestion.suggestionId, suggestion);
            return {
              id: suggestion.suggestionId,
              title: suggestion.title,
              detail: `${suggestion.loginId} · ${context.t(`suggestions.status.${suggestion.status}`)}`,
              keywords: [suggestion.loginId, suggestion.content],
            };
          });
      },
    },
  ],
  when: (rights) => can(rights, 'gw.credit.suggestion.reply'),
  run: (context, [suggestionId]) => {
    context.navigate(suggestionId && listed.has(suggestionId) ? `${SUGGESTION_SCREEN}?reply=${suggestionId}` : SUGGESTION_SCREEN);
  },
};

export const suggestionCommands: Command[] = [answerSuggestion];
