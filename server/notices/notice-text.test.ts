import { describe, expect, it } from 'vitest';
import { htmlToText, localised } from './notice-text';

describe('notice texts', () => {
  it('turns stored HTML into one line of text', () => {
    expect(htmlToText('<p>One &amp; <b>two</b></p><p>three&nbsp;&lt;4&gt;</p>')).toBe('One & two three <4>');
    expect(htmlToText('a<br/>b')).toBe('a b');
  });

  it('picks the caller language, else Chinese', () => {
    expect(localised({ zh: '中', en: 'en', th: 'th' }, 'th')).toBe('th');
    expect(localised({ zh: '中', en: 'en' }, 'vi')).toBe('中');
    expect(localised({ zh: '中' }, 'id')).toBe('中');
    expect(localised({}, 'zh')).toBe('');
  });
});
