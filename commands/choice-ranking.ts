/**
 * Orders a palette page's choices for what is typed: the choice named exactly that first (an
 * account's login), then those whose name starts with it, then the rest ("my line" among them),
 * each group in the order it came. Enter takes the first, so typing a login picks that account.
 */
export function rankByTyped<T>(choices: readonly T[], query: string, nameOf: (choice: T) => string): T[] {
  const typed = query.trim().toLowerCase();
  if (!typed) return [...choices];
  const rank = (choice: T) => {
    const name = nameOf(choice).toLowerCase();
    return name === typed ? 0 : name.startsWith(typed) ? 1 : 2;
  };
  return choices
    .map((choice, index) => ({ choice, index, rank: rank(choice) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ choice }) => choice);
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Words as written, split at spaces only ("set-score" stays one), without the marks at their ends ("score…"). */
const writtenWords = (text: string) =>
  text
    .toLowerCase()
    .split(/\s+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);

/** Whether the title begins with the words typed: each one whole, the last one perhaps begun ("set s" is "Set score…", not "Set-score risk"). */
function startsWithWords(title: string, query: string): boolean {
  const typed = writtenWords(query);
  const named = writtenWords(title);
  if (typed.length === 0 || typed.length > named.length) return false;
  return typed.every((word, index) => (index === typed.length - 1 ? named[index]!.startsWith(word) : named[index] === word));
}

/**
 * Orders the palette's commands for what is typed: the command named exactly that first ("上下分"
 * or "set score" is the set-score action, whose title is "上下分…"), then those whose title begins
 * with the words typed ("set s": "Set score…"), then those whose name starts with it however its
 * words are joined ("Set-score risk search"), then those with a word of the name or id starting
 * with the first word typed ("freeze" before "unfreeze"), then the rest; each group in the order it
 * came. A screen whose name merely contains what is typed ("上下分风险查询") stays below the command it names.
 */
export function rankCommandsByTyped<T>(commands: readonly T[], query: string, textOf: (command: T) => { title: string; id: string }): T[] {
  const typed = words(query);
  if (typed.length === 0) return [...commands];
  const phrase = typed.join(' ');
  const rank = (command: T) => {
    const { title, id } = textOf(command);
    const name = words(title).join(' ');
    if (name === phrase) return 0;
    if (startsWithWords(title, query)) return 1;
    if (name.startsWith(phrase)) return 2;
    return [...words(title), ...words(id)].some((word) => word.startsWith(typed[0]!)) ? 3 : 4;
  };
  return commands
    .map((command, index) => ({ command, index, rank: rank(command) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ command }) => command);
}
