import { afterEach, describe, expect, it } from 'vitest';
import { focusBack, focusScreenStart, screenStart, tableGone, tableShown } from './focus-screen';

const html = (markup: string) => {
  const main = document.createElement('main');
  main.id = 'main';
  main.tabIndex = -1;
  main.innerHTML = markup;
  document.body.append(main);
  return main;
};
const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 50 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("the focus at a screen's start", () => {
  afterEach(() => document.body.replaceChildren());

  it('is the field the screen marks first, then the first filter, else the table, and never a disabled field', () => {
    const marked = html('<section><div role="search"><input id="filter"></div><input id="amount" data-focus-start></section>');
    expect(screenStart(marked)?.id).toBe('amount');
    document.body.replaceChildren();
    const withFilters = html(
      '<section><div role="search"><input id="off" disabled><select id="range"></select></div><div role="table" tabindex="0" id="rows"></div></section>',
    );
    expect(screenStart(withFilters)?.id).toBe('range');
    const tableOnly = html('<section><h1>x</h1><div role="table" tabindex="0" id="rows"></div></section>');
    expect(screenStart(tableOnly)?.id).toBe('rows');
    expect(screenStart(html('<section><p>x</p></section>'))).toBeNull();
  });

  it("waits for the opened screen to show its filter, ignoring the previous screen's", async () => {
    const main = html('<section id="old"><div role="search"><input id="old-filter"></div></section>');
    focusScreenStart(main.firstElementChild);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement?.id).not.toBe('old-filter');
    main.innerHTML = '<p role="status">…</p>';
    await new Promise((resolve) => setTimeout(resolve, 20));
    main.innerHTML = '<section><h1>x</h1><div role="search"><input id="new-filter"></div></section>';
    await until(() => document.activeElement?.id === 'new-filter');
    expect(document.activeElement?.id).toBe('new-filter');
  });

  it('falls back to the main region when the screen has neither', async () => {
    const main = html('<section id="old"></section>');
    focusScreenStart(main.firstElementChild, 30);
    main.innerHTML = '<section><p>nothing to filter</p></section>';
    await until(() => document.activeElement === main);
    expect(document.activeElement).toBe(main);
  });

  it('goes back to the opener, else to the last place on the page, else to the screen start, and stays where it went', () => {
    const main = html('<section><div role="search"><input id="filter"></div></section>');
    const header = document.createElement('button');
    header.id = 'points';
    document.body.prepend(header);
    const opener = document.createElement('button');
    document.body.append(opener);
    focusBack(opener);
    expect(document.activeElement).toBe(opener);
    // Something holds the focus: it stays there.
    header.focus();
    focusBack(opener);
    expect(document.activeElement).toBe(header);
    // The opener is gone: the last place the user was on the page.
    opener.remove();
    header.blur();
    focusBack(opener);
    expect(document.activeElement).toBe(header);
    // Neither is left: the screen's start.
    header.remove();
    focusBack(null);
    expect(document.activeElement?.id).toBe('filter');
    main.remove();
  });

  it('hands the focus of a table that went away on to the next table shown, unless something took it', () => {
    const main = html('<section><div role="table" tabindex="0" id="level-1"></div></section>');
    const first = main.querySelector<HTMLElement>('#level-1')!;
    first.focus();
    tableGone(first);
    first.remove();
    main.innerHTML = '<section><div role="table" tabindex="0" id="level-2"></div><input id="other"></section>';
    tableShown(main.querySelector<HTMLElement>('#level-2')!);
    expect(document.activeElement?.id).toBe('level-2');

    tableGone(main.querySelector<HTMLElement>('#level-2')!);
    main.querySelector<HTMLElement>('#other')!.focus();
    main.innerHTML = '<section><div role="table" tabindex="0" id="level-3"></div></section>';
    tableShown(main.querySelector<HTMLElement>('#level-3')!);
    expect(document.activeElement?.id).not.toBe('level-3');
  });

  it('never gives it to a text field on a touch screen, where it would bring up the keyboard', () => {
    const main = html('<section><div role="search"><input id="filter"></div></section>');
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query === '(pointer: coarse)' })) as unknown as typeof window.matchMedia;
    try {
      const field = main.querySelector<HTMLElement>('#filter')!;
      field.focus();
      field.blur();
      focusBack(field);
      expect(document.activeElement).toBe(main);
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
