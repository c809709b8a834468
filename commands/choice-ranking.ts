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
