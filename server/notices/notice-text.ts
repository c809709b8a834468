import type { Language } from '../../contract/common.contract';
import { ErrorCode } from '../../contract/errors.contract';
import type { NoticeTexts } from '../../contract/notice.contract';
import { RpcError } from '../kernel/rpc-error';
import { sanitizeNoticeHtml } from './rich-text';

// A notice's texts as stored (every language sanitised) and as read (one language, or plain text),
// for the notice and game-notice methods alike.

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Plain text of stored (already sanitised) HTML, for the marquee. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text in the reader's language, else Chinese (docs/product.md#notices). */
export function localised(texts: Record<string, string>, language: Language): string {
  return texts[language] || texts.zh || '';
}

/** Every language's content through the allow-list; a language left empty is not kept. */
export function cleanTexts(titles: NoticeTexts, contents: NoticeTexts) {
  const title: Record<string, string> = {};
  const content: Record<string, string> = {};
  for (const [language, text] of Object.entries(titles)) if (text) title[language] = text;
  for (const [language, html] of Object.entries(contents)) {
    const clean = html ? sanitizeNoticeHtml(html) : '';
    if (clean) content[language] = clean;
  }
  // What the allow-list leaves of a required language may be nothing (only a script was written).
  for (const language of ['zh', 'en', 'th'] as const) {
    if (!content[language]) throw new RpcError(ErrorCode.invalidParams, { field: `content.${language}`, rule: 'language-required' });
  }
  return { title: JSON.stringify(title), content: JSON.stringify(content) };
}
