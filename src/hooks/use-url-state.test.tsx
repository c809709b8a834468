import { act, cleanup, renderHook } from '@testing-library/react';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { navigateInHash, splitHash, urlStateCodec, useUrlState } from './use-url-state';

const codec = urlStateCodec(
  {
    status: z.enum(['', '0', '1', '2']),
    sort: z.string().regex(/^(loginId|balance)\.(asc|desc)$/),
    search: z.string().max(16),
  },
  { status: '', sort: 'createdAt.desc', search: '' },
);

afterEach(() => {
  cleanup();
  history.replaceState(null, '', '#/');
});

describe('URL state', () => {
  it('round-trips a view through the query, leaving defaults out', () => {
    const view = { status: '1' as const, sort: 'balance.asc', search: 'ma 01&x' };
    const query = codec.serialize(view);
    expect(query).toBe('status=1&sort=balance.asc&search=ma+01%26x');
    expect(codec.parse(query)).toEqual(view);
    expect(codec.serialize({ status: '', sort: 'createdAt.desc', search: '' })).toBe('');
  });

  it('falls back to the default for a value that is missing or not allowed', () => {
    expect(codec.parse('status=9&sort=balance.sideways&search=' + 'x'.repeat(17))).toEqual({
      status: '',
      sort: 'createdAt.desc',
      search: '',
    });
    expect(codec.parse('status=2&junk=1')).toEqual({ status: '2', sort: 'createdAt.desc', search: '' });
  });

  it('splits the route path from the query of a hash', () => {
    expect(splitHash('#/account/index/123?status=1&sort=balance.desc')).toEqual({
      path: '/account/index/123',
      query: 'status=1&sort=balance.desc',
    });
    expect(splitHash('#/account/index')).toEqual({ path: '/account/index', query: '' });
  });

  it('writes the hash query, pushing a history step (Back restores) unless told to replace', () => {
    history.replaceState(null, '', '#/account/index/7');
    const before = history.length;
    const { result } = renderHook(() => useUrlState(codec));
    act(() => result.current[1]({ status: '1' }));
    expect(location.hash).toBe('#/account/index/7?status=1');
    expect(result.current[0].status).toBe('1');
    expect(history.length).toBe(before + 1);
    act(() => result.current[1]({ search: 'ma' }, 'replace'));
    expect(location.hash).toBe('#/account/index/7?status=1&search=ma');
    expect(history.length).toBe(before + 1);
    act(() => result.current[1]((current) => ({ status: current.status === '1' ? '' : '1' })));
    expect(location.hash).toBe('#/account/index/7?search=ma');
    expect(result.current[0]).toEqual({ status: '', sort: 'createdAt.desc', search: 'ma' });
  });
});

describe('navigating to a screen with its state', () => {
  it('keeps the query inside the hash, where the screen reads it, and tells the router', () => {
    location.hash = '#/winningReport/index';
    const seen: string[] = [];
    const listen = () => seen.push(location.hash);
    addEventListener('hashchange', listen);
    navigateInHash('/videoOrder/index?userId=12&start=2026-11-20');
    removeEventListener('hashchange', listen);
    expect(location.hash).toBe('#/videoOrder/index?userId=12&start=2026-11-20');
    expect(location.search).toBe('');
    expect(seen).toEqual(['#/videoOrder/index?userId=12&start=2026-11-20']);
    const { result } = renderHook(() => useUrlState(urlStateCodec({ userId: z.string() }, { userId: '' })));
    expect(result.current[0].userId).toBe('12');
  });
});
