/**
 * The least width of a field showing its whole placeholder: its characters in `ch` (a "0", wider than
 * most letters, in the field's own font) and the field's padding, icons and border (`inset`).
 */
export function placeholderWidth(placeholder: string | undefined, inset: string): string | undefined {
  return placeholder ? `calc(${[...placeholder].length}ch + ${inset})` : undefined;
}
