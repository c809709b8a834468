import type { Page } from 'playwright-core';
import zhErrors from '../../../locales/zh/errors.json' with { type: 'json' };
import { text } from './locale-text';

/** A locale text as a pattern: the values given filled in, any other `{{name}}` matching anything. */
export function messagePattern(key: string, values: Record<string, string>): RegExp {
  const escaped = text(key, values).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/\\\{\\\{\s*\w+\s*\\\}\\\}/g, '.+'));
}

/** Marks the toasts standing now (earlier steps'): only a toast that comes after is an action's answer. */
export async function markToasts(page: Page): Promise<void> {
  await page.locator('[data-sonner-toast]').evaluateAll((shown) => shown.forEach((toast) => toast.setAttribute('data-paths-seen', '')));
}

/**
 * The answer of the first toast since markToasts: 'ok' when it says `done`, `refused <code>` when
 * it shows a catalogue message (the screen shows messages, never codes), else the text quoted.
 */
export async function answerOfNextToast(page: Page, done: RegExp): Promise<string> {
  const toast = page.locator('[data-sonner-toast]:not([data-paths-seen])').first();
  await toast.waitFor({ timeout: 5_000 });
  const shown = ((await toast.textContent()) ?? '').trim();
  if (done.test(shown)) return 'ok';
  const code = Object.entries(zhErrors as Record<string, string>).find(([, message]) => shown.includes(message))?.[0];
  return code ? `refused ${code}` : `"${shown}"`;
}
