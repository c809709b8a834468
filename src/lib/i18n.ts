import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@commands/command';
import { preferences } from './preferences';
import { textFormatter, type Interpolate } from './text-formatter';

export const i18n = i18next;

type Texts = Record<string, object>;

// Per language: the texts of the screens before sign-in (login-texts.ts), the error messages, all texts.
const files = {
  login: import.meta.glob<Texts>('../../locales/*/common.json', { query: '?login', import: 'default' }),
  errors: import.meta.glob<Texts>('../../locales/*/errors.json', { import: 'default' }),
  all: import.meta.glob<Texts>('../../locales/*/common.json', { import: 'default' }),
};

const loading = new Map<string, Promise<void>>();

/** Loads one file of a language once (again after a failure, e.g. the network was down). */
function loadOnce(kind: keyof typeof files, language: Language): Promise<void> {
  const key = `${kind}:${language}`;
  const namespace = kind === 'errors' ? 'errors' : 'common';
  let done = loading.get(key);
  if (!done) {
    done = files[kind][`../../locales/${language}/${namespace}.json`]!().then((texts) => {
      i18next.addResourceBundle(language, namespace, texts, true, true);
    });
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

/** A language's texts: all of them with its error messages, or only those of the screens before sign-in. */
function loadTexts(language: Language, texts: 'all' | 'login'): Promise<unknown> {
  return texts === 'all' ? Promise.all([loadOnce('all', language), loadOnce('errors', language)]) : loadOnce('login', language);
}

/** The error messages of the interface language: the login loads them with its first error. */
export function loadErrorTexts(): Promise<void> {
  return loadOnce('errors', i18next.language as Language).catch(() => undefined);
}

// Values go into texts as they are until the signed-in app loads the number formatting with its
// texts: format.ts stays out of the login's code (its texts hold no count above 999, no amount).
let interpolate: Interpolate = (value) => value;

const lateNumberFormatter = textFormatter(() => interpolate);

function loadNumberFormat(): Promise<void> {
  return import('./format').then((module) => {
    interpolate = module.interpolatedValue;
  });
}

/** All the texts of the interface language and of Chinese (every language's fallback), and number formatting: the signed-in app awaits them. */
export async function loadAllTexts(): Promise<void> {
  await Promise.all([loadTexts('zh', 'all'), loadTexts(i18next.language as Language, 'all'), loadNumberFormat()]);
}

export async function startI18n() {
  await i18next
    .use(initReactI18next)
    .use(lateNumberFormatter)
    .init({
      lng: 'zh',
      fallbackLng: 'zh',
      defaultNS: 'common',
      ns: ['common', 'errors'],
      resources: {},
      interpolation: { escapeValue: false, alwaysFormat: true },
      initAsync: false,
    });
  // The first screen is the login (or a session's reload, which awaits all texts): its texts only.
  const language = preferences().language;
  await loadTexts(language, 'login').catch(() => undefined);
  await i18next.changeLanguage(language);
  return i18next;
}

/** Switches the interface language, loading all its texts first. */
export async function switchLanguage(language: Language): Promise<void> {
  await loadTexts(language, 'all').catch(() => undefined);
  await i18next.changeLanguage(language);
}
