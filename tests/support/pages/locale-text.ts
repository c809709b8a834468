import en from '../../../locales/en/common.json' with { type: 'json' };
import id from '../../../locales/id/common.json' with { type: 'json' };
import th from '../../../locales/th/common.json' with { type: 'json' };
import vi from '../../../locales/vi/common.json' with { type: 'json' };
import zh from '../../../locales/zh/common.json' with { type: 'json' };

export type Lang = 'zh' | 'en' | 'th' | 'vi' | 'id';
const catalogues: Record<Lang, unknown> = { zh, en, th, vi, id };

function lookUp(key: string, lang: Lang): string | undefined {
  let node: unknown = catalogues[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

function template(key: string, count: unknown, lang: Lang): string {
  const plural = typeof count === 'number' ? lookUp(`${key}_${count === 1 ? 'one' : 'other'}`, lang) : undefined;
  const found = plural ?? lookUp(key, lang);
  if (found === undefined) throw new Error(`no text ${key} in locales/${lang}/common.json`);
  return found;
}

/**
 * A text of the interface as the locale file has it, `{{name}}` filled from values: tests read
 * what the screen should say by key, and never hard-code a translated string.
 */
export function text(key: string, values: Record<string, string | number> = {}, lang: Lang = 'zh'): string {
  return template(key, values.count, lang).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** A text whose values the test does not know (a limit, a date): any value matches each `{{name}}`. */
export function textPattern(key: string, lang: Lang = 'zh'): RegExp {
  const parts = template(key, undefined, lang).split(/\{\{\s*\w+\s*\}\}/);
  return new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`);
}
