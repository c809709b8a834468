import { describe, expect, it } from 'vitest';
import { idArray, rowId, wireId } from './ids';
import { compileSql } from './sql';

describe('the id codec', () => {
  it('writes a row id as its decimal text, whatever the driver gave', () => {
    expect(wireId(9007199254740993n)).toBe('9007199254740993');
    expect(wireId(42)).toBe('42');
    expect(wireId('7')).toBe('7');
  });

  it('keeps a missing id missing', () => {
    expect(wireId(null)).toBeNull();
  });

  it('reads 1 to 18 digits as a row id and nothing else', () => {
    expect(rowId('123')).toBe(123n);
    expect(rowId('999999999999999999')).toBe(999999999999999999n);
    expect(rowId('0')).toBe(0n);
    for (const text of ['', '1234567890123456789', '-1', '1.5', ' 1', '1e3', 'abc', '0x10']) expect(rowId(text)).toBeNull();
  });

  it('sends a list of ids as one bigint[] parameter', () => {
    expect(compileSql(idArray(['1', 2n, 3]))).toEqual({ text: '$1::bigint[]', params: ['{1,2,3}'] });
    expect(compileSql(idArray([]))).toEqual({ text: '$1::bigint[]', params: ['{}'] });
  });
});
