import type { Theme } from '@commands/command';

/**
 * The surfaces a notice is read on in each theme (the page and a card) and the theme's text
 * colour, as src/styles/globals.css sets them (its test checks they agree).
 */
export const noticeThemeColours: Record<Theme, { surfaces: readonly string[]; text: string }> = {
  black: { surfaces: ['#0c0c0f', '#15151a'], text: '#f4f4f5' },
  red: { surfaces: ['#faf7f7', '#ffffff'], text: '#1c1416' },
};

/** What a notice's coloured text must reach on every surface of its theme (WCAG AA, body text). */
export const NOTICE_CONTRAST = 4.5;

type Rgb = readonly [number, number, number];

const NAMED: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  gray: '#808080',
  grey: '#808080',
  silver: '#c0c0c0',
  red: '#ff0000',
  maroon: '#800000',
  orange: '#ffa500',
  yellow: '#ffff00',
  olive: '#808000',
  lime: '#00ff00',
  green: '#008000',
  aqua: '#00ffff',
  cyan: '#00ffff',
  teal: '#008080',
  blue: '#0000ff',
  navy: '#000080',
  fuchsia: '#ff00ff',
  magenta: '#ff00ff',
  purple: '#800080',
  pink: '#ffc0cb',
  brown: '#a52a2a',
  gold: '#ffd700',
};

function hexRgb(hex: string): { rgb: Rgb; alpha: number } | null {
  const digits = /^#([0-9a-f]{3,8})$/i.exec(hex)?.[1];
  if (!digits || digits.length === 5 || digits.length === 7) return null;
  const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const channel = (index: number) => parseInt(full.slice(index * 2, index * 2 + 2), 16);
  return { rgb: [channel(0), channel(1), channel(2)], alpha: full.length === 8 ? channel(3) / 255 : 1 };
}

/** A colour the rich-text allow-list lets through (hex, rgb(a), a name), or null for one it cannot read. */
function parse(colour: string): { rgb: Rgb; alpha: number } | null {
  const text = colour.trim().toLowerCase();
  if (text.startsWith('#')) return hexRgb(text);
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(text);
  if (rgb) {
    const channels = [rgb[1], rgb[2], rgb[3]].map((value) => Math.min(255, Number(value))) as unknown as Rgb;
    return { rgb: channels, alpha: rgb[4] === undefined ? 1 : Math.min(1, Number(rgb[4])) };
  }
  return NAMED[text] ? hexRgb(NAMED[text]) : null;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [parse(a), parse(b)].map((found) => luminance(found?.rgb ?? [0, 0, 0]));
  return (Math.max(x!, y!) + 0.05) / (Math.min(x!, y!) + 0.05);
}

const mix = (a: Rgb, b: Rgb, share: number): Rgb =>
  a.map((value, index) => Math.round(value + (b[index]! - value) * share)) as unknown as Rgb;
const hex = (rgb: Rgb) => `#${rgb.map((value) => value.toString(16).padStart(2, '0')).join('')}`;

/**
 * The colour a notice's text is shown in, in a theme: the author's own where it reads on every
 * surface of the theme; a colour with a hue brought towards the theme's text colour just as far
 * as it takes to read (red stays a red, lighter on black, darker on light); a grey, black or
 * white that does not read, or a colour the list cannot tell, gives way to the theme's text
 * colour (null: the text inherits it).
 */
export function readableNoticeColour(colour: string, theme: Theme): string | null {
  const found = parse(colour);
  if (!found) return null;
  const { surfaces, text } = noticeThemeColours[theme];
  const surface = hexRgb(surfaces[surfaces.length - 1]!)!.rgb;
  const seen = found.alpha < 1 ? mix(surface, found.rgb, found.alpha) : found.rgb;
  const reads = (rgb: Rgb) => surfaces.every((each) => contrastRatio(hex(rgb), each) >= NOTICE_CONTRAST);
  if (reads(seen)) return found.alpha < 1 ? hex(seen) : colour;
  const chroma = Math.max(...seen) - Math.min(...seen);
  if (chroma < 48) return null;
  const towards = hexRgb(text)!.rgb;
  for (let share = 0.05; share < 1; share += 0.05) {
    const next = mix(seen, towards, share);
    if (reads(next)) return hex(next);
  }
  return null;
}
