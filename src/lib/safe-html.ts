import DOMPurify from 'dompurify';

/**
 * A notice's rich content as it may be shown: DOMPurify with the same allow-list the gateway
 * applied before storing it (server/notices/rich-text.ts), so a hole in one is not a hole in
 * both. A style may only set a colour or an alignment.
 */
const purify = DOMPurify();
const safeStyle =
  /^\s*((color\s*:\s*(#[0-9a-f]{3,8}|rgba?\([0-9.,\s]+\)|[a-z]{3,20})|text-align\s*:\s*(left|right|center|justify))\s*;?\s*)*$/i;
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'style' && !safeStyle.test(data.attrValue)) data.keepAttr = false;
});

const config = {
  ALLOWED_TAGS: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'hr',
    'a',
    'span',
    'img',
    'code',
    'pre',
  ],
  ALLOWED_ATTR: ['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height', 'style', 'start'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

export function safeNoticeHtml(html: string): string {
  return purify.sanitize(html, config);
}
