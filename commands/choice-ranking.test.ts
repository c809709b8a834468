import { describe, expect, it } from 'vitest';
import { rankByTyped } from './choice-ranking';

const names = (choices: readonly string[], query: string) => rankByTyped(choices, query, (name) => name);

describe('rankByTyped', () => {
  it('puts the exact login first, then logins starting with what is typed, then the rest in their order', () => {
    const found = ['my line', 'ga0101010', 'xga010101', 'ga010101', 'ga0101011'];
    expect(names(found, 'ga010101')).toEqual(['ga010101', 'ga0101010', 'ga0101011', 'my line', 'xga010101']);
  });

  it('ignores case and the spaces around what is typed', () => {
    expect(names(['my line', 'GA010102', 'ga010101'], '  Ga010101 ')).toEqual(['ga010101', 'my line', 'GA010102']);
  });

  it('keeps the order when nothing is typed or nothing matches', () => {
    expect(names(['my line', 'b', 'a'], '')).toEqual(['my line', 'b', 'a']);
    expect(names(['my line', 'b', 'a'], 'zz')).toEqual(['my line', 'b', 'a']);
  });
});
