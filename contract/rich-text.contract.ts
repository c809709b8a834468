// Plain TypeScript without zod: the server's sanitiser and the web app's DOMPurify read the same list.

/**
 * What a notice's rich content may hold: what the editor writes (headings, bold, italic,
 * underline, strike, lists, quotes, links, colour, images by URL) and nothing else. The gateway
 * cleans content with it before storing it and the web app again before showing it.
 */
export const richTextTags = [
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
] as const;

/** Attributes per tag; any other goes. A link's `target` and `rel` are always set by the server. */
export const richTextAttributes: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  span: ['style'],
  p: ['style'],
  h1: ['style'],
  h2: ['style'],
  h3: ['style'],
  h4: ['style'],
  ol: ['start'],
};

/** URL schemes of links; images are http(s) only (no data: URLs). */
export const richTextLinkSchemes = ['http', 'https', 'mailto'] as const;
export const richTextImageSchemes = ['http', 'https'] as const;

/** A style may set a plain colour (on a span) or an alignment, nothing else. */
export const richTextColour = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];
export const richTextAlign = [/^(left|right|center|justify)$/];
/** The same as one whole `style` attribute, for a sanitiser that sees the attribute's text only. */
export const richTextStyle =
  /^\s*((color\s*:\s*(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})|text-align\s*:\s*(left|right|center|justify))\s*;?\s*)*$/i;
