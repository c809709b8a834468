import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { useHashLocation } from 'wouter/use-hash-location';
import type { z } from 'zod';

/**
 * Screens keep their view (filters, sort) in the hash's query: `#/account/index/123?status=1`.
 * The path is what routes match; the query is the screen's state, so a view can be bookmarked,
 * shared, reloaded and restored with Back.
 */
export function splitHash(hash: string): { path: string; query: string } {
  const bare = hash.replace(/^#?\/?/, '/');
  const at = bare.indexOf('?');
  return at < 0 ? { path: bare, query: '' } : { path: bare.slice(0, at), query: bare.slice(at + 1) };
}

const subscribe = (callback: () => void) => {
  addEventListener('hashchange', callback);
  addEventListener('popstate', callback);
  return () => {
    removeEventListener('hashchange', callback);
    removeEventListener('popstate', callback);
  };
};
const currentPath = () => splitHash(location.hash).path;
const currentQuery = () => splitHash(location.hash).query;

type Navigate = ReturnType<typeof useHashLocation>[1];

/**
 * Goes to `path?query` with the query inside the hash (`#/videoOrder/index?userId=1`), where the
 * screens read their state; wouter's own hash navigation would put it before the `#`.
 */
export const navigateInHash: Navigate = (to, options = {}) => {
  const { path, query } = splitHash(to);
  const oldURL = location.href;
  const url = new URL(oldURL);
  url.hash = `${path}${query ? `?${query}` : ''}`;
  history[options.replace ? 'replaceState' : 'pushState'](options.state ?? null, '', url.href);
  dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: url.href }));
};

/** wouter's hash location without the query, so routes match `#/account/index?status=1` too. */
export function useHashPathLocation(): [string, Navigate] {
  return [useSyncExternalStore(subscribe, currentPath, () => '/'), navigateInHash];
}
useHashPathLocation.hrefs = (href: string) => `#${href}`;

/** Writes the query of the current hash: `push` makes a Back step, `replace` does not (typing). */
export function writeHashQuery(query: string, mode: 'push' | 'replace'): void {
  const { path } = splitHash(location.hash);
  const hash = `#${path}${query ? `?${query}` : ''}`;
  if (hash === location.hash || (!query && location.hash === `#${path}`)) return;
  const oldURL = location.href;
  history[mode === 'push' ? 'pushState' : 'replaceState'](history.state, '', hash);
  dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: location.href }));
}

type Flat = Record<string, string>;

/**
 * A screen's URL state: one schema per key (strings in, typed values out). A key missing from the
 * query or failing its schema takes its default; a value equal to its default is left out of the URL.
 */
export interface UrlStateCodec<T extends Flat> {
  parse(query: string): T;
  serialize(value: T): string;
}

export function urlStateCodec<F extends Record<string, z.ZodType<string>>>(
  fields: F,
  defaults: { [K in keyof F]: z.output<F[K]> },
): UrlStateCodec<{ [K in keyof F]: z.output<F[K]> }> {
  type T = { [K in keyof F]: z.output<F[K]> };
  const keys = Object.keys(defaults) as (keyof T & string)[];
  return {
    parse(query) {
      const params = new URLSearchParams(query);
      const value = { ...defaults };
      for (const key of keys) {
        const raw = params.get(key);
        if (raw === null) continue;
        const parsed = (fields[key] as z.ZodType<string>).safeParse(raw);
        if (parsed.success) value[key] = parsed.data as T[typeof key];
      }
      return value;
    },
    serialize(value) {
      const params = new URLSearchParams();
      for (const key of keys) {
        const item = value[key] ?? '';
        if (item !== defaults[key] && item !== '') params.set(key, item);
      }
      return params.toString();
    },
  };
}

export type UrlStateUpdate<T> = Partial<T> | ((current: T) => Partial<T>);

/** Reads and writes a screen's state in the hash query; `set` pushes a history step unless told to replace. */
export function useUrlState<T extends Flat>(codec: UrlStateCodec<T>) {
  const query = useSyncExternalStore(subscribe, currentQuery, () => '');
  const value = useMemo(() => codec.parse(query), [codec, query]);
  const set = useCallback(
    (update: UrlStateUpdate<T>, mode: 'push' | 'replace' = 'push') => {
      const current = codec.parse(currentQuery());
      const patch = typeof update === 'function' ? update(current) : update;
      writeHashQuery(codec.serialize({ ...current, ...patch }), mode);
    },
    [codec],
  );
  return [value, set] as const;
}
