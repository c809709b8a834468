// @vitest-environment jsdom
// DOMPurify sanitises differently on happy-dom (the web project's DOM): as in a browser, on jsdom.
import { act, cleanup, render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NoticeItem } from '@contract/notice.contract';
import { contrastRatio, NOTICE_CONTRAST, noticeThemeColours } from '@/lib/notice-colour';
import { updatePreferences } from '@/lib/preferences';
import { startChineseI18n } from '../../tests/support/jsdom-test-support';
import { NoticeCards } from './notice-cards';

const notice: NoticeItem = {
  noticeId: '1',
  kind: 'site',
  title: '维护通知',
  content: '',
  contentRich:
    '<p>plain <span style="color: #000000">black</span> <span style="color: #ffffff">white</span> ' +
    '<span style="color: #b91c1c">crimson</span> <span style="color: #fde68a">pale yellow</span></p>',
  publishTime: null,
  startTime: '2026-03-01T16:00:00.000Z',
  endTime: '2026-03-02T16:00:00.000Z',
  level: null,
};

const hex = (colour: string) => {
  const [r, g, b] = (/rgb\((\d+), (\d+), (\d+)\)/.exec(colour) ?? []).slice(1).map(Number);
  return colour.startsWith('#') || r === undefined
    ? colour
    : `#${[r, g!, b!].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
};

function colours() {
  const spans = [...document.querySelectorAll<HTMLElement>('[data-testid=notice-item] span')];
  return Object.fromEntries(spans.map((span) => [span.textContent, span.style.color === '' ? null : hex(span.style.color)]));
}

const readsOn = (theme: 'black' | 'red', colour: string) =>
  noticeThemeColours[theme].surfaces.every((surface) => contrastRatio(colour, surface) >= NOTICE_CONTRAST);

beforeAll(async () => {
  await startChineseI18n();
});
afterEach(cleanup);
afterAll(() => updatePreferences({ theme: 'black' }));

describe("a notice's text colour", () => {
  it('reads in both themes: the theme text colour by default, a chosen colour only where it reads', () => {
    act(() => updatePreferences({ theme: 'black' }));
    render(<NoticeCards notices={[notice]} loading={false} failed={false} />);
    const black = colours();
    // Black text on the black theme gives way to the theme's text colour; white reads as it is.
    expect(black.black).toBeNull();
    expect(black.white).toBe('#ffffff');
    // A crimson too dark for the black theme is lightened just enough, and stays a crimson (red ahead of green and blue).
    expect(black.crimson).not.toBe('#b91c1c');
    expect(readsOn('black', black.crimson!)).toBe(true);
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(black.crimson!.slice(at, at + 2), 16));
    expect(r).toBeGreaterThan(g! + 40);
    expect(r).toBeGreaterThan(b! + 20);
    expect(black['pale yellow']).toBe('#fde68a');

    act(() => updatePreferences({ theme: 'red' }));
    const red = colours();
    expect(red.black).toBe('#000000');
    expect(red.white).toBeNull();
    expect(red.crimson).toBe('#b91c1c');
    expect(red['pale yellow']).not.toBe('#fde68a');
    expect(readsOn('red', red['pale yellow']!)).toBe(true);
    // Text without a colour of its own takes the card's text colour, the theme's token.
    const body = document.querySelector('[data-testid=notice-item] .notice-rich')!;
    expect(body.closest('.text-card-foreground')).not.toBeNull();
  });

  it("checks colours against the themes' surfaces and text as the style sheet sets them", () => {
    const css = readFileSync(`${process.cwd()}/src/styles/globals.css`, 'utf8');
    const block = (selector: string) => css.slice(css.indexOf(selector), css.indexOf('}', css.indexOf(selector)));
    const token = (text: string, name: string) => new RegExp(`--${name}: (#[0-9a-f]{6});`).exec(text)?.[1];
    for (const [theme, selector] of [
      ['black', ":root[data-theme='black'] {"],
      ['red', ":root[data-theme='red'] {"],
    ] as const) {
      const sheet = block(selector);
      expect(noticeThemeColours[theme]).toEqual({
        surfaces: [token(sheet, 'background'), token(sheet, 'card')],
        text: token(sheet, 'card-foreground'),
      });
      expect(readsOn(theme, noticeThemeColours[theme].text)).toBe(true);
    }
  });
});
