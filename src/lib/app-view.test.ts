import { afterEach, describe, expect, it } from 'vitest';
import { addressOf, chosenView, wantsMobile } from './app-view';

afterEach(() => localStorage.clear());

describe('which entry a browser gets', () => {
  it('sends a screen under 992 px to the phone entry, unless the desktop version was picked', () => {
    expect([wantsMobile(390), wantsMobile(991), wantsMobile(992), wantsMobile(1280)]).toEqual([true, true, false, false]);
    localStorage.setItem('credit-view', 'desktop');
    expect(chosenView()).toBe('desktop');
    expect(wantsMobile(390)).toBe(false);
    localStorage.setItem('credit-view', 'mobile');
    expect(wantsMobile(390)).toBe(true);
    localStorage.setItem('credit-view', 'tablet');
    expect(chosenView()).toBeNull();
  });

  it('keeps the hash route across entries, and opens the notices when there is none', () => {
    expect(addressOf('mobile', '/login')).toBe('/m/#/login');
    expect(addressOf('mobile', '/account/index?parentId=7')).toBe('/m/#/account/index?parentId=7');
    expect(addressOf('desktop', '/notice')).toBe('/#/notice');
    expect(addressOf('mobile', '')).toBe('/m/#/notice');
  });
});
