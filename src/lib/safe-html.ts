import DOMPurify from 'dompurify';
import { richTextAttributes, richTextStyle, richTextTags } from '../../contract/rich-text.contract';

/**
 * A notice's rich content as it may be shown: DOMPurify with the allow-list the gateway applied
 * before storing it (contract/rich-text.contract.ts), so a hole in one is not a hole in both.
 */
const purify = DOMPurify();
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'style' && !richTextStyle.test(data.attrValue)) data.keepAttr = false;
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
