import DOMPurify from 'dompurify';
import { richTextAttributes, richTextImageSchemes, richTextStyle, richTextTags } from '../../contract/rich-text.contract';

/**
 * A notice's rich content as it may be shown: DOMPurify with the allow-list the gateway applied
 * before storing it (contract/rich-text.contract.ts), so a hole in one is not a hole in both.
 */
const purify = DOMPurify();
// DOMPurify lets an image's src be a data: URL whatever ALLOWED_URI_REGEXP says; the server's list has images by http(s) only.
const imageScheme = /^([a-z][a-z0-9+.-]*):/i;
const imageSchemes: readonly string[] = richTextImageSchemes;
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'style' && !richTextStyle.test(data.attrValue)) data.keepAttr = false;
  if (data.attrName === 'src') {
    const scheme = imageScheme.exec(data.attrValue.replace(/[\s\p{Cc}\p{Cf}]/gu, ''));
    if (scheme && !imageSchemes.includes(scheme[1]!.toLowerCase())) data.keepAttr = false;
  }
});

const config = {
  ALLOWED_TAGS: [...richTextTags],
  ALLOWED_ATTR: [...new Set(Object.values(richTextAttributes).flat())],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

export function safeNoticeHtml(html: string): string {
  return purify.sanitize(html, config);
}
