import { describe, expect, it } from 'vitest';
import { cookieOptions } from './session-cookies';

describe('the session cookies', () => {
  it('are SameSite=Strict always and Secure when the page came over HTTPS', () => {
    expect(cookieOptions('https:')).toEqual({ sameSite: 'strict', path: '/', secure: true });
    expect(cookieOptions('http:')).toEqual({ sameSite: 'strict', path: '/' });
  });
});
