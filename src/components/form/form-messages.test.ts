import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/common.json';
import id from '../../../locales/id/common.json';
import th from '../../../locales/th/common.json';
import vi from '../../../locales/vi/common.json';
import zh from '../../../locales/zh/common.json';
import { formOnlyRules } from '@contract/rules.contract';
import { ruleMessages } from './form-messages';

const lookup = (catalogue: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);

describe('rule messages', () => {
  it('word every rule in all five languages, each differently from Chinese', () => {
    for (const [rule, { key }] of Object.entries(ruleMessages)) {
      const texts = [zh, en, th, vi, id].map((catalogue) => lookup(catalogue, key));
      for (const text of texts) expect(typeof text, `${rule} → ${key}`).toBe('string');
      expect(new Set(texts).size, `${rule} → ${key}`).toBe(5);
    }
  });

  it('cover the rules only forms check', () => {
    for (const rule of formOnlyRules) expect(ruleMessages[rule], rule).toBeDefined();
  });
});
