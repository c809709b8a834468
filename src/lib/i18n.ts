import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../commands/command';
// The Chinese texts of the screens shown before sign-in; the rest load with the signed-in app.
import {
  app,
  blocked,
  command,
  error,
  errorPage,
  language,
  layout,
  level,
  login,
  logout,
  maintenance,
  mobile,
  palette,
  password,
  profile,
  route,
  status,
  theme,
  unreachable,
  validation,
} from '../../locales/zh/common.json';
import zhErrors from '../../locales/zh/errors.json';
import { preferences } from './preferences';

export const i18n = i18next;

/** Chinese, the default and the fallback, ships with the app; the other languages load when chosen. */
const loaders: Record<Exclude<Language, 'zh'>, () => Promise<[{ default: object }, { default: object }]>> = {
  en: () => Promise.all([import('../../locales/en/common.json'), import('../../locales/en/errors.json')]),
  th: () => Promise.all([import('../../locales/th/common.json'), import('../../locales/th/errors.json')]),
  vi: () => Promise.all([import('../../locales/vi/common.json'), import('../../locales/vi/errors.json')]),
  id: () => Promise.all([import('../../locales/id/common.json'), import('../../locales/id/errors.json')]),
};

/** Namespaces of the Chinese texts the login path ships with (tests/unit/web-build.test.ts checks it). */
export const publicTexts = {
  app,
  blocked,
  command,
  error,
  errorPage,
  language,
  layout,
  level,
  login,
  logout,
  maintenance,
  mobile,
  palette,
  password,
  profile,
  route,
  status,
  theme,
  unreachable,
  validation,
};

// A module of its own (the raw file), so that it is not merged into the login chunk with the parts above.
const allChinese = import.meta.glob<string>('../../locales/zh/common.json', { query: '?raw', import: 'default' });

/** All of the Chinese texts (the fallback of every language): the signed-in app awaits them. */
export async function loadAllTexts(): Promise<void> {
  const load = Object.values(allChinese)[0]!;
  i18next.addResourceBundle('zh', 'common', JSON.parse(await load()) as object, true, true);
}

export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'zh' || i18next.hasResourceBundle(language, 'common')) return;
  const [common, errors] = await loaders[language]();
  i18next.addResourceBundle(language, 'common', common.default);
  i18next.addResourceBundle(language, 'errors', errors.default);
}

export async function startI18n() {
  await i18next.use(initReactI18next).init({
    lng: 'zh',
    fallbackLng: 'zh',
    defaultNS: 'common',
    ns: ['common', 'errors'],
    resources: { zh: { common: publicTexts, errors: zhErrors } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  await switchLanguage(preferences().language);
  return i18next;
}

/** Switches the interface language, loading its texts first. */
export async function switchLanguage(language: Language): Promise<void> {
  await loadLanguage(language).catch(() => undefined);
  await i18next.changeLanguage(language);
}
