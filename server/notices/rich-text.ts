import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list every notice's rich content passes before it is stored: what the editor
 * writes (headings, bold, italic, underline, strike, lists, quotes, links, colour, images by
 * URL) and nothing else. A tag outside it goes (its text stays, except script and style-like
 * tags whose text goes too); an attribute outside it goes; a URL other than http(s) or mailto
 * goes; a style other than a plain colour or alignment goes. The web app passes what it shows
 * through DOMPurify again, so a hole in one is not a hole in both.
 */
const colour = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i];
const align = [/^(left|right|center|justify)$/];

const options: sanitizeHtml.IOptions = {
  allowedTags: [
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
  allowedAttributes: {
    // `target` and `rel` are always the transform's: it overwrites whatever the input said.
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    span: ['style'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    ol: ['start'],
  },
  allowedStyles: { span: { color: colour }, '*': { 'text-align': align } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
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
