import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../src/styles/globals.css', import.meta.url), 'utf8');

/** A theme's colour tokens as globals.css declares them (`--name: #rrggbb`). */
function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((match) => [match[1]!, match[2]!.toLowerCase()]));
}

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const themes = { black: tokens(":root[data-theme='black']"), red: tokens(":root[data-theme='red']") };

describe.each(Object.entries(themes))('theme %s', (_theme, colours) => {
  it('keeps the amounts (gain, loss), links and text of a table row at 4.5:1 or more, on a row and on the active row', () => {
    const ratios = ['card', 'row-active'].flatMap((background) =>
      ['gain', 'destructive', 'primary', background === 'card' ? 'card-foreground' : 'row-active-foreground'].map((text) => {
        expect(colours[background], `--${background}`).toBeDefined();
        expect(colours[text], `--${text}`).toBeDefined();
        return { pair: `${text} on ${background}`, ratio: Math.round(contrast(colours[text]!, colours[background]!) * 100) / 100 };
      }),
    );
    expect(ratios.filter((each) => each.ratio < 4.5)).toEqual([]);
  });
});
