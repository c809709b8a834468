import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import zhCommon from '../../locales/zh/common.json';
import { createQueryClient } from '@/api/queries';
import { numberFormatter } from '@/lib/format';

/** What jsdom lacks and Radix's popper and cmdk's list use. */
export function stubLayout() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= vi.fn();
}

export async function startChineseI18n() {
  if (!i18next.isInitialized)
    await i18next
      .use(initReactI18next)
      .use(numberFormatter)
      .init({
        lng: 'zh',
        defaultNS: 'common',
        resources: { zh: { common: zhCommon } },
        interpolation: { escapeValue: false, alwaysFormat: true },
      });
}

export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}
