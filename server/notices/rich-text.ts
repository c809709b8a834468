import sanitizeHtml from 'sanitize-html';
import {
  richTextAlign,
  richTextAttributes,
  richTextColour,
  richTextImageSchemes,
  richTextLinkSchemes,
  richTextTags,
} from '../../contract/rich-text.contract';

/**
 * The allow-list (contract/rich-text.contract.ts) every notice's rich content passes before it
 * is stored. A tag outside it goes (its text stays, except script and style-like
 * tags whose text goes too); an attribute outside it goes; a URL other than http(s) or mailto
 * goes; a style other than a plain colour or alignment goes. The web app passes what it shows
 * through DOMPurify again, so a hole in one is not a hole in both.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...richTextTags],
  allowedAttributes: Object.fromEntries(Object.entries(richTextAttributes).map(([tag, names]) => [tag, [...names]])),
  allowedStyles: { span: { color: richTextColour }, '*': { 'text-align': richTextAlign } },
  allowedSchemes: [...richTextLinkSchemes],
  allowedSchemesByTag: { img: [...richTextImageSchemes] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Links open apart from the back office and tell the other site nothing.
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
  },
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'template',
    'iframe',
    'noembed',
    'noframes',
    'xmp',
    'plaintext',
  ],
  enforceHtmlBoundary: false,
  parseStyleAttributes: true,
};

export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
