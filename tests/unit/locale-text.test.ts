import { describe, expect, it } from 'vitest';
import { text, textPattern } from '../support/pages/locale-text';

describe('the page objects’ locale texts', () => {
  it('reads a text by key and language, with its values filled', () => {
    expect(text('accounts.total', { count: 3 })).toBe('共 3 个');
    expect(text('action.done', { loginId: 'ma03', action: text('action.kickOut') })).toBe('ma03：踢出完成');
    expect(text('accounts.total', { count: 3 }, 'en')).not.toBe(text('accounts.total', { count: 3 }));
  });

  it('refuses a key the locale file does not have, so a renamed key fails the test that reads it', () => {
    expect(() => text('accounts.noSuchKey')).toThrow('no text accounts.noSuchKey in locales/zh/common.json');
  });

  it('matches a text whose values the test does not know, and nothing else', () => {
    const aboveParent = textPattern('validation.aboveParent');
    expect(text('validation.aboveParent', { max: '1.20' })).toMatch(aboveParent);
    expect(text('validation.percent')).not.toMatch(aboveParent);
  });
});
