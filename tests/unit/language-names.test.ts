import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages } from '../../commands/preference-choices';

const languageGroup = (code: string) =>
  (JSON.parse(readFileSync(new URL(`../../locales/${code}/common.json`, import.meta.url), 'utf8')) as { language: Record<string, string> })
    .language;

describe('language names', () => {
  it.each(languages.map((language) => language.id))('names every language in %s as the login switcher does, in itself', (code) => {
    expect(languages.map(({ id, name }) => [id, name])).toEqual(languages.map(({ id }) => [id, languageGroup(code)[id]]));
  });
});
