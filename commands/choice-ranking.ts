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

/**
 * Orders the palette's commands for what is typed: the command named exactly that first ("上下分"
 * or "set score" is the set-score action, whose title is "上下分…"), then those whose name starts
 * with it, then those with a word of the name or id starting with the first word typed ("freeze"
 * before "unfreeze"), then the rest; each group in the order it came. A screen whose name merely
 * contains what is typed ("上下分风险查询") stays below the command it names.
 */
export function rankCommandsByTyped<T>(commands: readonly T[], query: string, textOf: (command: T) => { title: string; id: string }): T[] {
  const typed = words(query);
  if (typed.length === 0) return [...commands];
  const phrase = typed.join(' ');
  const rank = (command: T) => {
    const { title, id } = textOf(command);
    const name = words(title).join(' ');
    if (name === phrase) return 0;
    if (name.startsWith(phrase)) return 1;
    return [...words(title), ...words(id)].some((word) => word.startsWith(typed[0]!)) ? 2 : 3;
  };
  return commands
    .map((command, index) => ({ command, index, rank: rank(command) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ command }) => command);
}
