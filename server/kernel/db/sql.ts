/**
 * Queries are written as `sql` templates: the text is ours, every `${value}` becomes a
 * parameter ($1, $2, … in order), so a value never becomes SQL text. What else may stand in a
 * template: another template (its text and parameters spliced in place), `sql.raw` (text we
 * wrote, never a caller's input), `sql.identifier` (a table or column name, quoted), a list
 * (each item as above, in parentheses, comma-separated: `IN ${ids}`), and `undefined` (nothing).
 */
export class SQL {
  /** @internal The pieces in order; read only by `compileSql`. */
  constructor(readonly pieces: readonly unknown[]) {}
}

class RawText {
  constructor(readonly text: string) {}
}

class Identifier {
  constructor(readonly name: string) {}
}

function template(strings: TemplateStringsArray, ...values: unknown[]): SQL {
  const pieces: unknown[] = [];
  strings.forEach((text, index) => {
    if (text !== '') pieces.push(new RawText(text));
    if (index < values.length) pieces.push(values[index]);
  });
  return new SQL(pieces);
}

/** The template tag of every query, with its three helpers. */
export const sql = Object.assign(template, {
  raw: (text: string): SQL => new SQL([new RawText(text)]),
  identifier: (name: string): Identifier => new Identifier(name),
  /** The pieces one after another, `separator` between each two (nothing when none is given). */
  join: (pieces: readonly unknown[], separator?: SQL): SQL =>
    new SQL(pieces.flatMap((piece, index) => (index > 0 && separator ? [separator, piece] : [piece]))),
});

/** The text and parameters node-postgres sends for a query. */
export function compileSql(query: SQL): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const write = (piece: unknown): string => {
    if (piece instanceof RawText) return piece.text;
    if (piece instanceof SQL) return piece.pieces.map(write).join('');
    if (piece instanceof Identifier) return `"${piece.name.replaceAll('"', '""')}"`;
    if (piece === undefined) return '';
    if (Array.isArray(piece)) return `(${piece.map(write).join(', ')})`;
    params.push(piece);
    return `$${params.length}`;
  };
  return { text: write(query), params };
}
