import { describe, expect, it } from 'vitest';
import { passwordRule } from '../../contract/rules.contract';
import {
  oneTimePassword,
  parseAdminLogin,
  parseCurrency,
  parseHosts,
  parsePlatform,
  parseSiteId,
  parseTheme,
  parseTitle,
  SiteAdminRefusal,
} from './site-admin.service';

const refused = (work: () => unknown) => expect(work).toThrow(SiteAdminRefusal);
const SECRET = 'a-secret-of-thirty-two-characters!';

describe('what npm run site accepts', () => {
  it('takes site ids of 2 to 32 of a-z, 0-9 and "-", not starting with "-"', () => {
    expect(parseSiteId('acme')).toBe('acme');
    expect(parseSiteId('a1-b2')).toBe('a1-b2');
    expect(parseSiteId('x'.repeat(32))).toBe('x'.repeat(32));
    for (const bad of [undefined, '', 'a', 'x'.repeat(33), 'Acme', 'ac_me', 'ac me', '-acme', 'acmé']) refused(() => parseSiteId(bad));
  });

  it('takes host names and IP addresses, lower-cased and without duplicates, never a scheme, port or path', () => {
    expect(parseHosts('Bo.Acme.test, bo2.acme.test,bo.acme.test')).toEqual(['bo.acme.test', 'bo2.acme.test']);
    expect(parseHosts('10.0.0.5,::1,localhost')).toEqual(['10.0.0.5', '::1', 'localhost']);
    for (const bad of [
      undefined,
      '',
      ' , ',
      'http://bo.acme.test',
      'bo.acme.test:8080',
      'bo.acme.test/x',
      '-bo.acme.test',
      'bo..acme',
      'bo_acme.test',
    ])
      refused(() => parseHosts(bad));
  });

  it('takes a visible title of at most 64 characters, the two themes, the listed currencies and a login name', () => {
    expect(parseTitle('  Acme Club ')).toBe('Acme Club');
    for (const bad of [undefined, '', '   ', 'x'.repeat(65), 'Acme\u202EbulC', 'a\nb']) refused(() => parseTitle(bad));
    expect(parseTheme('red')).toBe('red');
    refused(() => parseTheme('Red'));
    expect(parseCurrency('cny')).toBe('CNY');
    expect(parseCurrency('THB')).toBe('THB');
    for (const bad of ['EUR', 'CN', '']) refused(() => parseCurrency(bad));
    expect(parseAdminLogin('boss_01')).toBe('boss_01');
    for (const bad of ['adm', 'a'.repeat(17), 'ad min']) refused(() => parseAdminLogin(bad));
  });

  it('takes an http(s) platform URL without credentials, a key id and a long secret', () => {
    expect(parsePlatform({ url: 'https://games.test/api/', keyId: 'k-1', secret: SECRET })).toEqual({
      kind: 'http',
      url: 'https://games.test/api',
      keyId: 'k-1',
      secret: SECRET,
    });
    for (const url of ['ftp://games.test', 'https://user:pw@games.test', 'https://games.test/?a=1', 'games.test', undefined])
      refused(() => parsePlatform({ url, keyId: 'k', secret: SECRET }));
    refused(() => parsePlatform({ url: 'https://games.test', keyId: 'k 1', secret: SECRET }));
    refused(() => parsePlatform({ url: 'https://games.test', keyId: 'k', secret: 'short' }));
    refused(() => parsePlatform({ url: 'https://games.test', keyId: 'k', secret: `${SECRET} with space` }));
  });

  it('makes one-time passwords that meet the password rules and differ each time', () => {
    const passwords = Array.from({ length: 200 }, oneTimePassword);
    for (const password of passwords) expect(passwordRule.safeParse(password).success, password).toBe(true);
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
