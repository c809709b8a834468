import { describe, expect, it } from 'vitest';
import { passwordRule } from './rules.contract';

const rules = (password: string) => {
  const parsed = passwordRule.safeParse(password);
  return parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => issue.message))];
};

describe('a new password', () => {
  it("keeps the spec's rule up to 15 characters", () => {
    expect(rules('Abc123')).toEqual([]);
    expect(rules('Abcdefghijk_-!1')).toEqual([]);
    expect(rules('Ab1')).toEqual(['password-length']);
    expect(rules('abcdef1')).toEqual(['password-uppercase']);
    expect(rules('ABCDEF1')).toEqual(['password-lowercase']);
    expect(rules('Abcdefg')).toEqual(['password-digit']);
    expect(rules('Abc 123')).toEqual(['password-characters']);
    expect(rules('Abc12€')).toEqual(['password-characters']);
  });

  it('takes a passphrase of 16 to 64 characters of any kind that shows, without a composition rule', () => {
    expect(rules('correct horse battery staple')).toEqual([]);
    expect(rules('ม้าถูกต้อง แบตเตอรี่ ลวดเย็บ')).toEqual([]);
    expect(rules('x'.repeat(16))).toEqual([]);
    expect(rules('x'.repeat(64))).toEqual([]);
    expect(rules('x'.repeat(65))).toEqual(['password-length']);
    expect(rules('a tab\there is hidden')).toEqual(['password-characters']);
    expect(rules('zero\u200bwidth joiner inside')).toEqual(['password-characters']);
  });
});
