import { describe, expect, it } from 'vitest';
import { countryOf, isPrivateIp, normaliseIp, regionName } from './ip-region';

describe('ip regions', () => {
  it('normalises IPv4-mapped addresses and refuses what is not an IP', () => {
    expect(normaliseIp('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(normaliseIp('2001:DB8::1')).toBe('2001:db8::1');
    expect(normaliseIp('not-an-ip')).toBe('');
    expect(normaliseIp(undefined)).toBe('');
  });

  it('knows private and loopback ranges', () => {
    for (const ip of [
      '10.1.2.3',
      '127.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.0.1',
      '100.64.0.1',
      '::1',
      'fd00::1',
    ]) {
      expect(isPrivateIp(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2001:4860::1']) expect(isPrivateIp(ip), ip).toBe(false);
  });

  it('finds the country of public IPv4 addresses from the shipped data set', () => {
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('1.0.1.1')).toBe('CN');
    expect(countryOf('203.113.0.1')).toBe('TH');
    expect(countryOf('127.0.0.1')).toBeNull();
    expect(countryOf('2001:4860::1')).toBeNull();
  });

  it('names the region in the caller language', () => {
    expect(regionName('203.113.0.1', 'TH', 'en')).toBe('Thailand');
    expect(regionName('203.113.0.1', 'TH', 'zh')).toBe('泰国');
    expect(regionName('127.0.0.1', null, 'en')).toBe('Local network');
    expect(regionName('2001:4860::1', null, 'en')).toBe('Unknown region');
  });
});
