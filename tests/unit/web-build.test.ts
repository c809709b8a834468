import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../../locales/zh/common.json';
import { webRoot } from '../../server/cli/web-build';
import { loginTexts } from '../../src/lib/login-texts';
import { chunkClosure } from '../support/login-weight';
import { ensureWebBuild } from '../support/web-build';

const assets = () => join(webRoot, 'assets');
const chunkText = (file: string) => readFileSync(join(assets(), file), 'utf8');
const chunkNamed = (prefix: string) => {
  const found = readdirSync(assets()).find((file) => file.startsWith(`${prefix}-`) && file.endsWith('.js'));
  if (!found) throw new Error(`no chunk ${prefix}-*.js in the build`);
  return found;
};

/** The login screen's chunks (file names under assets/): the page's entry and what it imports statically. */
const loginChunks = (page: 'index.html' | 'mobile.html' = 'index.html') => inAssets(chunkClosure([page]));
const staticClosure = (files: string[]) => inAssets(chunkClosure(files.map((file) => `assets/${file}`)));
const inAssets = (files: Set<string>) => new Set([...files].map((file) => file.replace(/^assets\//, '')));

/** Recharts' own class names: any chunk that carries recharts carries these. */
const carriesRecharts = (file: string) => /recharts-(?:wrapper|surface|tooltip-wrapper)/.test(chunkText(file));

describe('web build', () => {
  beforeAll(async () => {
    await ensureWebBuild();
  });

  it('is a production build even when built from the test runner (NODE_ENV=test)', () => {
    expect(process.env.NODE_ENV).toBe('test');
    const scripts = readdirSync(assets()).filter((file) => file.endsWith('.js'));
    const text = scripts.map(chunkText).join('\n');
    // React's development build carries its warnings; the production build does not.
    expect(text).toContain('react');
    expect(text).not.toContain('Each child in a list should have a unique');
    expect(text).not.toMatch(/react-dom\.development/);
  });

  it('keeps recharts out of every chunk the login screen and the first screen after sign-in load', () => {
    const login = loginChunks();
    const firstScreen = staticClosure([...login, chunkNamed('signed-in-app'), chunkNamed('notice-screen')]);
    // The closures are the real ones: React comes with the login screen, the notices only after sign-in.
    expect([...login].some((file) => chunkText(file).includes('react.transitional.element'))).toBe(true);
    expect(login.has(chunkNamed('notice-screen'))).toBe(false);
    expect(firstScreen.size).toBeGreaterThan(login.size);
    expect([...firstScreen].filter(carriesRecharts)).toEqual([]);
    // Recharts, once a screen draws a chart, lives in chunks of its own, loaded with import().
    const withRecharts = readdirSync(assets()).filter((file) => file.endsWith('.js') && carriesRecharts(file));
    for (const file of withRecharts) expect(firstScreen.has(file)).toBe(false);
  });

  it('keeps zod off the first screen after sign-in (the shell reads rights and levels, not schemas)', () => {
    const firstScreen = staticClosure([...loginChunks(), chunkNamed('signed-in-app'), chunkNamed('notice-screen')]);
    const carriesZod = (file: string) => chunkText(file).includes('ZodError');
    expect([...firstScreen].filter(carriesZod)).toEqual([]);
    // The screens that check input still carry it.
    expect([...staticClosure([chunkNamed('add-account-screen')])].some(carriesZod)).toBe(true);
  });

  it.each(['index.html', 'mobile.html'] as const)(
    'loads with the login of %s the texts of every key its code names, and only a part of all texts',
    (page) => {
      const namespaces = zh as Record<string, Record<string, unknown>>;
      const named = new Set<string>();
      for (const file of loginChunks(page))
        for (const [, namespace, key] of chunkText(file).matchAll(/["'`]([a-zA-Z]+)\.([a-zA-Z]\w*)/g))
          if (namespaces[namespace!]?.[key!] !== undefined) named.add(`${namespace}.${key}`);
      const picked = (name: string) => {
        const [namespace, key] = name.split('.') as [string, string];
        const keys = loginTexts[namespace];
        return keys === 'all' || (keys?.includes(key) ?? false);
      };
      expect(named.has('login.submit')).toBe(true);
      expect([...named].filter((name) => !picked(name))).toEqual([]);
      // What the login leaves out is real weight, loaded with the signed-in app.
      expect(Object.keys(namespaces).length - Object.keys(loginTexts).length).toBeGreaterThan(10);
    },
  );
});
