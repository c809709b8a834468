import { afterEach, describe, expect, it } from 'vitest';
import { focusScreenStart, screenStart } from './focus-screen';

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

  it('is the first filter, else the table, and never a disabled field', () => {
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
});
