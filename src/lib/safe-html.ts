import DOMPurify from 'dompurify';
import type { Theme } from '@commands/command';
import { richTextAttributes, richTextImageSchemes, richTextStyle, richTextTags } from '@contract/rich-text.contract';
import { readableNoticeColour } from './notice-colour';

/**
 * A notice's rich content as it may be shown: DOMPurify with the allow-list the gateway applied
 * before storing it (contract/rich-text.contract.ts), so a hole in one is not a hole in both.
 */
const purify = DOMPurify();
// DOMPurify lets an image's src be a data: URL whatever ALLOWED_URI_REGEXP says; the server's list has images by http(s) only.
const imageScheme = /^([a-z][a-z0-9+.-]*):/i;
const imageSchemes: readonly string[] = richTextImageSchemes;
/** The theme the notice being sanitised is shown in (sanitising is synchronous), or null to keep colours as written. */
let shownIn: Theme | null = null;

/** A style's colours as they read in the theme shown (notice-colour.ts); a colour that gives way is left out. */
function themedStyle(style: string, theme: Theme): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => declaration !== '')
    .flatMap((declaration) => {
      const [, property = '', value = ''] = /^([a-z-]+)\s*:\s*(.*)$/i.exec(declaration) ?? [];
      if (property.toLowerCase() !== 'color') return [declaration];
      const colour = readableNoticeColour(value, theme);
      return colour ? [`color: ${colour}`] : [];
    })
    .join('; ');
}

purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'style' && !richTextStyle.test(data.attrValue)) data.keepAttr = false;
  else if (data.attrName === 'style' && shownIn) {
    data.attrValue = themedStyle(data.attrValue, shownIn);
    if (data.attrValue === '') data.keepAttr = false;
  }
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

/**
 * A notice's content, safe to show. Given the theme it is shown in, its text colours read there:
 * text without a colour takes the theme's text colour, and a chosen colour too close to the
 * theme's surfaces is brought to one that reads, or gives way to the theme's text colour.
 */
export function safeNoticeHtml(html: string, theme?: Theme): string {
  shownIn = theme ?? null;
  try {
    return purify.sanitize(html, config);
  } finally {
    shownIn = null;
  }
}
