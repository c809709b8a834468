export type TableRow = Record<string, string>;

const NUMBER = /^[-+]?[\d.,]+( s| ms)?$/;

/** Prints rows as an aligned text table; the columns are the keys of the first row, numeric columns right-aligned. */
export function printTable(title: string, rows: TableRow[]): void {
  console.log(`\n${title}`);
  if (rows.length === 0) {
    console.log('  (no rows)');
    return;
  }
  const columns = Object.keys(rows[0]!).map((name) => {
    const values = rows.map((row) => row[name] ?? '');
    return {
      name,
      width: Math.max(name.length, ...values.map((value) => value.length)),
      numeric: values.every((value) => NUMBER.test(value)),
    };
  });
  const line = (cells: (column: (typeof columns)[number]) => string) =>
    `  ${columns
      .map((column) => (column.numeric ? cells(column).padStart(column.width) : cells(column).padEnd(column.width)))
      .join(' | ')
      .trimEnd()}`;
  console.log(line((column) => column.name));
  console.log(`  ${columns.map((column) => '-'.repeat(column.width)).join('-+-')}`);
  for (const row of rows) console.log(line((column) => row[column.name] ?? ''));
}
