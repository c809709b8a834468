import en from '../../locales/en/errors.json' with { type: 'json' };
import id from '../../locales/id/errors.json' with { type: 'json' };
import th from '../../locales/th/errors.json' with { type: 'json' };
import vi from '../../locales/vi/errors.json' with { type: 'json' };
import zh from '../../locales/zh/errors.json' with { type: 'json' };
import type { Language } from '../../contract/common.contract';

export const errorCatalogues: Record<Language, Record<string, string>> = { zh, en, th, vi, id };

/** The catalogue message of a code in the caller's language (English, then the code, as fallbacks). */
export function errorMessage(code: number, language: Language): string {
  const key = String(code);
  return errorCatalogues[language][key] ?? errorCatalogues.en[key] ?? `Error ${code}`;
}
