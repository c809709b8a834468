// @vitest-environment jsdom
// DOMPurify sanitises differently on happy-dom (the web project's DOM): as in a browser, on jsdom.
import { describe, expect, it } from 'vitest';
import { safeNoticeHtml } from './safe-html';

describe('a notice shown', () => {
  it('keeps what the editor writes', () => {
    const html =
      '<h2 style="text-align:center">标题</h2><p><strong>粗</strong> <span style="color:#e11d48">红</span></p><ul><li>一</li></ul>' +
      '<p><a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">链接</a><img src="https://example.com/b.png" alt="图"></p>';
    expect(safeNoticeHtml(html)).toBe(html);
  });

  it('drops what the allow-list does not hold, even where the server would have missed it', () => {
    expect(safeNoticeHtml('<p onclick="x()">a</p><script>x()</script><iframe src="https://e.com"></iframe>')).toBe('<p>a</p>');
    expect(safeNoticeHtml('<a href="javascript:x()">l</a><img src="x" onerror="x()">')).toBe('<a>l</a><img src="x">');
    expect(safeNoticeHtml('<span style="background:url(https://e.com/t.png)">s</span><div>d</div><form><input></form>')).toBe(
      '<span>s</span>d',
    );
  });

  it('drops an image that is not http(s), as the server does: data: URLs however written', () => {
    const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';
    expect(safeNoticeHtml(`<p><img src="${pixel}" alt="a"></p>`)).toBe('<p><img alt="a"></p>');
    expect(safeNoticeHtml('<img src="DATA:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">')).toBe('<img>');
    expect(safeNoticeHtml('<img src=" data:image/gif;base64,R0lGODlhAQABAAAAACw=">')).toBe('<img>');
    expect(safeNoticeHtml('<img src="da&#x09;ta:image/gif;base64,R0lGODlhAQABAAAAACw=">')).toBe('<img>');
    expect(safeNoticeHtml('<a href="data:text/html,x">l</a>')).toBe('<a>l</a>');
    expect(safeNoticeHtml('<img src="https://example.com/b.png">')).toBe('<img src="https://example.com/b.png">');
  });
});
