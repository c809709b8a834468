import { JSDOM } from 'jsdom';

/**
 * What in a piece of HTML could run or reach out, judged from the DOM a browser builds of it
 * (jsdom, scripts off), independently of the sanitiser that made it: an element outside the
 * notices' allow-list, an attribute outside its element's list, a URL that is not http(s),
 * mailto or relative, a style other than a plain colour or alignment. Answers what it found.
 */
const allowed: Record<string, readonly string[]> = {
  p: ['style'],
  br: [],
  h1: ['style'],
  h2: ['style'],
  h3: ['style'],
  h4: ['style'],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: [],
  hr: [],
  a: ['href', 'title', 'target', 'rel'],
  span: ['style'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  code: [],
  pre: [],
};
const safeUrl = /^(https?:\/\/|mailto:|[^:]*$|[^:]*[/?#])/i;
const safeStyle =
  /^\s*((color\s*:\s*(#[0-9a-f]{3,8}|rgba?\([0-9.,\s]+\)|[a-z]{3,20})|text-align\s*:\s*(left|right|center|justify))\s*;?\s*)*$/i;

export function unsafeParts(html: string): string[] {
  const { document } = new JSDOM(`<!doctype html><body>${html}</body>`).window;
  const found: string[] = [];
  // A <body> or <html> tag inside the content lends its attributes to the page's own.
  for (const element of [document.documentElement, document.body]) {
    for (const { name } of element.attributes) found.push(`${element.localName}[${name}]`);
  }
  for (const element of document.body.querySelectorAll('*')) {
    const tag = element.localName;
    const attributes = allowed[tag];
    if (!attributes || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      found.push(`<${tag}>`);
      continue;
    }
    for (const { name, value } of element.attributes) {
      if (!attributes.includes(name)) found.push(`${tag}[${name}]`);
      else if ((name === 'href' || name === 'src') && !safeUrl.test(value.replace(/\s/g, '').replace(/\p{Cc}/gu, '')))
        found.push(`${tag}[${name}=${value}]`);
      else if (name === 'style' && (!safeStyle.test(value) || /url|expression|\\/i.test(value))) found.push(`${tag}[style=${value}]`);
    }
  }
  return found;
}

const runnableElements = new Set([
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'base',
  'meta',
  'link',
  'form',
  'applet',
  'portal',
  'template',
  'style',
]);
const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc', 'background', 'poster', 'codebase']);

/**
 * What in HTML shown by the browser could still run, for markup that only DOMPurify cleaned
 * (it keeps harmless tags the notices' allow-list does not): an element that loads or runs
 * something, an event handler, a script URL in any attribute that takes one, a style that
 * calls out.
 */
export function runnableParts(html: string): string[] {
  const { document } = new JSDOM(`<!doctype html><body>${html}</body>`).window;
  const found: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    if (runnableElements.has(element.localName)) found.push(`<${element.localName}>`);
    for (const { name, value } of element.attributes) {
      const compact = value
        .replace(/\s/g, '')
        .replace(/\p{Cc}/gu, '')
        .toLowerCase();
      if (name.startsWith('on')) found.push(`${element.localName}[${name}]`);
      else if (
        urlAttributes.has(name) &&
        /^(javascript|vbscript|data):/.test(compact) &&
        !/^data:image\/(png|gif|jpeg|webp);/.test(compact)
      )
        found.push(`${element.localName}[${name}=${value}]`);
      else if (name === 'style' && /url\(|expression|behavior|binding|@import/.test(compact))
        found.push(`${element.localName}[style=${value}]`);
    }
  }
  return found;
}
