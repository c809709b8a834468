import en from '../../../locales/en/common.json' with { type: 'json' };
import id from '../../../locales/id/common.json' with { type: 'json' };
import th from '../../../locales/th/common.json' with { type: 'json' };
import vi from '../../../locales/vi/common.json' with { type: 'json' };
import zh from '../../../locales/zh/common.json' with { type: 'json' };
import { defaultLanguage, languages, type Language } from '../../../contract/common.contract';

const texts: Record<Language, { title: string; message: string; hint: string }> = {
  zh: zh.unknownSite,
  en: en.unknownSite,
  th: th.unknownSite,
  vi: vi.unknownSite,
  id: id.unknownSite,
};

/**
 * The first of the office's languages an Accept-Language header asks for, by its weights
 * ("th-TH,th;q=0.9,en;q=0.8" -> th); the default language when it asks for none of them.
 */
export function acceptedLanguage(header: string | undefined): Language {
  const asked = (header ?? '')
    .slice(0, 512)
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { language: tag.split('-')[0]!, weight: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.weight > 0 && (languages as readonly string[]).includes(entry.language))
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  return (asked[0]?.language as Language | undefined) ?? defaultLanguage;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The page a host that belongs to no site gets instead of the app (which could only fail on
 * every call with code 2): what happened, in the visitor's language, with no script or style.
 */
export function unknownSitePage(host: string, language: Language): string {
  const text = texts[language];
  const message = text.message
    .split('{{host}}')
    .map(escapeHtml)
    .join(`<strong>${escapeHtml(host || '-')}</strong>`);
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${escapeHtml(text.title)}</title></head>
<body>
<h1>${escapeHtml(text.title)}</h1>
<p>${message}</p>
<p>${escapeHtml(text.hint)}</p>
</body>
</html>
`;
}
