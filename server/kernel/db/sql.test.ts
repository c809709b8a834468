import { describe, expect, it } from 'vitest';
import { compileSql, sql } from './sql';

describe('the sql template', () => {
  it('numbers each value as a parameter in order, through nested templates', () => {
    const inner = sql`b = ${2} AND c = ${'x'}`;
    expect(compileSql(sql`SELECT 1 WHERE a = ${1} AND ${inner} AND d = ${null}`)).toEqual({
      text: 'SELECT 1 WHERE a = $1 AND b = $2 AND c = $3 AND d = $4',
      params: [1, 2, 'x', null],
    });
  });

  it('never turns a value into text, whatever it holds', () => {
    const hostile = "'; DROP TABLE accounts; --";
    expect(compileSql(sql`SELECT ${hostile}`)).toEqual({ text: 'SELECT $1', params: [hostile] });
  });

  it('writes raw text as it is, quotes identifiers, and leaves nothing for undefined', () => {
    expect(compileSql(sql`SELECT ${sql.raw('count(*)')} FROM ${sql.identifier('bets_2026"12')} ${undefined}WHERE x`)).toEqual({
      text: 'SELECT count(*) FROM "bets_2026""12" WHERE x',
      params: [],
    });
  });

  it('writes a list in parentheses, each item as a value or a template', () => {
    expect(compileSql(sql`WHERE id IN ${[7, 8, sql`${9} + 1`]}`)).toEqual({ text: 'WHERE id IN ($1, $2, $3 + 1)', params: [7, 8, 9] });
  });

  it('joins pieces with a separator, or with nothing', () => {
    const parts = [sql`a = ${1}`, sql`b = ${2}`];
    expect(compileSql(sql.join(parts, sql` AND `))).toEqual({ text: 'a = $1 AND b = $2', params: [1, 2] });
    expect(compileSql(sql.join([sql`x`, sql`y`]))).toEqual({ text: 'xy', params: [] });
    expect(compileSql(sql`VALUES ${sql.join([1, 2], sql`, `)}`)).toEqual({ text: 'VALUES $1, $2', params: [1, 2] });
  });

  it('compiles the same query the same way every time (prepared statements are named by their text)', () => {
    const query = sql`SELECT ${1}, ${sql`${2}`}`;
    expect(compileSql(query)).toEqual(compileSql(query));
  });
});
