import en from '../../locales/en/common.json' with { type: 'json' };
import id from '../../locales/id/common.json' with { type: 'json' };
import th from '../../locales/th/common.json' with { type: 'json' };
import vi from '../../locales/vi/common.json' with { type: 'json' };
import zh from '../../locales/zh/common.json' with { type: 'json' };
import type { Language } from '../../contract/common.contract';

const catalogues: Record<Language, unknown> = { zh, en, th, vi, id };

function lookup(catalogue: unknown, key: string): string | undefined {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
  return typeof value === 'string' ? value : undefined;
}

/** A text of the web app's own catalogue (headers, sheet names) in the exporting account's language, its {{values}} filled in. */
export function exportText(language: Language, key: string, values: Record<string, string> = {}): string {
  const text = lookup(catalogues[language], key) ?? lookup(catalogues.en, key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
