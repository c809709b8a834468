import { describe, expect, it } from 'vitest';
import { databaseUnavailable, NoServerError, parseServerList } from './primary-finder';

describe('parseServerList', () => {
  it('reads several hosts and target_session_attrs as libpq does, one URL per host for node-postgres', () => {
    const list = parseServerList('postgres://app:s%40cret@h1:5432,h2:5433,h3/credit?target_session_attrs=read-write&sslmode=disable');
    expect(list.servers).toEqual([
      { host: 'h1', port: 5432 },
      { host: 'h2', port: 5433 },
      { host: 'h3', port: 5432 },
    ]);
    expect(list.targetSessionAttrs).toBe('read-write');
    expect(list.choosing).toBe(true);
    // target_session_attrs is ours: node-postgres would pass it on to the server.
    expect(list.urlOf(list.servers[1]!)).toBe('postgres://app:s%40cret@h2:5433/credit?sslmode=disable');
  });

  it('keeps a single host as it is (no choosing), with any as the default', () => {
    const list = parseServerList('postgresql://postgres@127.0.0.1:5432/postgres');
    expect(list).toMatchObject({ servers: [{ host: '127.0.0.1', port: 5432 }], targetSessionAttrs: 'any', choosing: false });
    expect(list.urlOf(list.servers[0]!)).toBe('postgresql://postgres@127.0.0.1:5432/postgres');
  });

  it('chooses on one host when target_session_attrs is given, and reads IPv6 addresses in brackets', () => {
    const list = parseServerList('postgres://[::1]:5441,[fe80::2]/db?target_session_attrs=primary');
    expect(list.servers).toEqual([
      { host: '[::1]', port: 5441 },
      { host: '[fe80::2]', port: 5432 },
    ]);
    expect(parseServerList('postgres://h1/db?target_session_attrs=standby').choosing).toBe(true);
    expect(list.urlOf(list.servers[0]!)).toBe('postgres://[::1]:5441/db');
  });

  it('refuses what libpq refuses, with the password hidden', () => {
    expect(() => parseServerList('postgres://u:pw@h1,h2/db?target_session_attrs=writable')).toThrow(/target_session_attrs must be one of/);
    expect(() => parseServerList('postgres://u:pw@h1:99999/db')).toThrow(/out of range/);
    expect(() => parseServerList('postgres://u:pw@h1,:5432/db')).toThrow(/":5432" is not a host/);
    expect(() => parseServerList('postgres://u:pw@h1,:5432/db')).not.toThrow(/pw/);
    expect(() => parseServerList('mysql://h1/db')).toThrow(/postgres:\/\//);
  });
});

describe('databaseUnavailable', () => {
  it('tells a server gone or read-only from a statement that is wrong', () => {
    expect(databaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5441'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(databaseUnavailable(Object.assign(new Error('cannot execute UPDATE in a read-only transaction'), { code: '25006' }))).toBe(true);
    expect(databaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
    expect(databaseUnavailable(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '08006' }) }))).toBe(true);
    expect(databaseUnavailable(new NoServerError('no server fits'))).toBe(true);
    expect(databaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(databaseUnavailable(new Error('boom'))).toBe(false);
    expect(databaseUnavailable(undefined)).toBe(false);
  });
});
